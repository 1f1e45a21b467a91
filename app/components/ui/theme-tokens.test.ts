import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const APP = path.join(import.meta.dirname, "..", "..");
const RAW_PALETTE =
  /(?<![\w-])(?:[a-z0-9-]+:)*(?:bg|text|border|ring|outline|divide|fill|stroke|from|to|via|decoration|placeholder|caret|shadow)-(?:stone|amber|red|emerald|yellow|orange|green|blue|gray|slate|zinc|neutral)-\d{2,3}\b/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(tsx?|css)$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** Components name a colour's role (`text-ink`, `bg-accent`), defined once in app.css's @theme. */
it("uses the theme's semantic colours, never a raw palette class", () => {
  const found = sources(APP).flatMap((file) =>
    [...fs.readFileSync(file, "utf8").matchAll(RAW_PALETTE)].map(
      (match) => `${path.relative(APP, file)}: ${match[0]}`,
    ),
  );
  expect(found).toEqual([]);
});
