// The icon sprite (app/components/ui/icons.svg) is generated from lucide-react's icon data for
// exactly the names of ICON_NAMES (scripts/icon-sprite.ts; docs/decisions/165). These tests fail
// when the checked-in sprite drifts from what the generator writes, when a name has no symbol,
// and when the app draws an icon the sprite does not hold or still imports lucide's components.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { ICON_NAMES } from "~/components/ui/icon-names";
import { Icon } from "~/components/ui/icon";
import { iconSprite, SPRITE_PATH } from "../../scripts/icon-sprite";

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("icon sprite", () => {
  it("is what `npm run icons` writes from lucide's data", async () => {
    expect(fs.readFileSync(SPRITE_PATH, "utf8")).toBe(await iconSprite());
  });

  it("holds one symbol per name, drawn with lucide's paths", async () => {
    const sprite = fs.readFileSync(SPRITE_PATH, "utf8");
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);
    expect(ids).toEqual([...ICON_NAMES]);
    // The bell's clapper, as lucide draws it.
    expect(sprite).toContain('<symbol id="bell" viewBox="0 0 24 24"><path d="M10.268 21a2 2 0 0 0 3.464 0"/>');
    expect(sprite).not.toContain("key=");
  });

  it("refuses a name lucide does not have", async () => {
    await expect(iconSprite(["no-such-icon-anywhere"])).rejects.toThrow();
  });

  it("draws an icon as a hidden reference into the sprite", () => {
    const markup = renderToStaticMarkup(<Icon name="pencil" className="h-4 w-4" />);
    expect(markup).toMatch(/^<svg aria-hidden="true" class="icon h-4 w-4"><use href="[^"]*icons[^"]*\.svg#pencil"><\/use><\/svg>$/);
  });

  it("is the only way the app draws lucide's icons, and every name it draws is in the sprite", () => {
    const names = new Set<string>(ICON_NAMES);
    for (const file of sourceFiles("app")) {
      const source = fs.readFileSync(file, "utf8");
      expect(source, file).not.toMatch(/from "lucide-react"/);
      for (const match of source.matchAll(/<Icon name="([^"]+)"/g)) expect(names.has(match[1]), `${file}: ${match[1]}`).toBe(true);
    }
  });
});
