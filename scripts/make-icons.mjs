// Renders the app's icons (public/icons/*.png) from public/favicon.svg with the Chromium the
// end-to-end tests use. Run once after changing the favicon: `node scripts/make-icons.mjs`.
// The maskable icon is the glyph inside the middle 80% of a full-bleed square, the safe zone
// a launcher's mask (circle, squircle) never cuts into.
import fs from "node:fs";
import { chromium } from "@playwright/test";

const svg = fs.readFileSync("public/favicon.svg", "utf8");
const glyph = svg.replace(/<rect[^>]*\/>/, "");
const executablePath = fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();

async function render(file, size, body) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0">${body}</body></html>`);
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

const sized = (size) => svg.replace("<svg ", `<svg width="${size}" height="${size}" style="display:block" `);
await render("icon-192.png", 192, sized(192));
await render("icon-512.png", 512, sized(512));
await render("apple-touch-icon.png", 180, `<div style="width:180px;height:180px;background:#2563eb">${glyph.replace("<svg ", '<svg width="180" height="180" style="display:block" ')}</div>`);
await render(
  "icon-maskable-512.png",
  512,
  `<div style="width:512px;height:512px;background:#2563eb;display:flex;align-items:center;justify-content:center">${glyph.replace("<svg ", '<svg width="410" height="410" style="display:block" ')}</div>`,
);
await browser.close();
console.log("wrote public/icons/{icon-192,icon-512,icon-maskable-512,apple-touch-icon}.png");
