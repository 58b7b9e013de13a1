// A secret is never shown in full (docs/product-rules.md R-D23): only its last four characters.
export function maskSecret(value: string | null | undefined): string | null {
  if (!value) return null;
  const tail = value.length > 4 ? value.slice(-4) : "";
  return `••••${tail}`;
}
