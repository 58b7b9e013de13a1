// Writes app/components/ui/icons.svg: one <symbol> per name of ICON_NAMES, drawn from
// lucide-react's icon data (the same paths its components render). Pages then draw an icon as
// <svg><use href="…icons.svg#name"/></svg> (app/components/ui/icon.tsx): a few dozen bytes in
// the HTML instead of the whole path, and nothing for React to build per icon on every render
// (docs/decisions/165). Run `npm run icons` after adding a name.
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { ICON_NAMES } from "~/components/ui/icon-names";

export const SPRITE_PATH = "app/components/ui/icons.svg";

type IconNode = [tag: string, attributes: Record<string, string | number>][];

const escapeAttribute = (value: string | number) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function symbol(name: string, data: { size?: number; node: IconNode }): string {
  const size = data.size ?? 24;
  const shapes = data.node.map(([tag, attributes]) => {
    // `key` is React's, not an SVG attribute.
    const markup = Object.entries(attributes)
      .filter(([attribute]) => attribute !== "key")
      .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`)
      .join("");
    return `<${tag}${markup}/>`;
  });
  return `<symbol id="${name}" viewBox="0 0 ${size} ${size}">${shapes.join("")}</symbol>`;
}

/** The sprite's text for the app's icon names. */
export async function iconSprite(names: readonly string[] = ICON_NAMES): Promise<string> {
  const symbols: string[] = [];
  for (const name of names) {
    const icon = (await import(`lucide-react/icons/${name}`)) as { __iconData?: { size?: number; node: IconNode } };
    if (!icon.__iconData) throw new Error(`lucide-react has no icon named ${name}`);
    symbols.push(symbol(name, icon.__iconData));
  }
  // Stroke, fill and width come from the page (.icon in app/tailwind.css), so one symbol serves
  // every colour and weight.
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sprite = await iconSprite();
  fs.writeFileSync(SPRITE_PATH, sprite);
  console.log(`wrote ${SPRITE_PATH}: ${ICON_NAMES.length} icons, ${(sprite.length / 1024).toFixed(1)} KB`);
}
