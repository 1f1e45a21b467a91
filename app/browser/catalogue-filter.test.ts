import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, it } from "vitest";

it("keeps the catalogue script within 2 KB gzipped", () => {
  const source = fs.readFileSync(path.join(import.meta.dirname, "catalogue-filter.js"));
  expect(zlib.gzipSync(source, { level: 9 }).length).toBeLessThanOrEqual(2048);
});
