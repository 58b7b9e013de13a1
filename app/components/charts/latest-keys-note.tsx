import { formatNumber } from "~/domain/format";

/**
 * "Showing the latest 50 of 5,000 key events today", under a list of a symbol's key events when
 * the day holds more than it shows (the pages send the newest few; docs/decisions/159).
 */
export function LatestKeysNote({ shown, total, className = "" }: { shown: number; total: number; className?: string }) {
  if (total <= shown) return null;
  return (
    <p className={`text-xs text-muted ${className}`}>
      Showing the latest {shown} of {formatNumber(total, 0)} key events today
    </p>
  );
}
