import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { keepTickObjectMaps } from "./tick-maps";

/**
 * Opens the embedded database with its extensions as the app does, runs
 * ticks, and reports how V8 defines the tick object's properties: once one
 * of those sites has seen a second map ("MEGAMORPHIC"), every tick goes
 * through V8's runtime for the rest of the process. V8's own debug print is
 * the only place this shows; the figures are in docs/benchmarks.md.
 */
const PROBE = `
if (process.argv.includes("--keep")) {
  const { keepTickObjectMaps } = await import(${JSON.stringify(path.resolve("server/tick-maps.ts"))});
  keepTickObjectMaps();
}
const { PGlite } = await import("@electric-sql/pglite");
const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
const db = await PGlite.create("memory://", { extensions: { pg_trgm } });
await db.close();
for (let i = 0; i < 2000; i++) await new Promise((resolve) => process.nextTick(resolve));
%DebugPrint(process.nextTick);
`;

async function tickSites(keep: boolean) {
  // V8 prints to the C library's stdout: a file, which takes all of it (a pipe
  // made by a test worker may refuse part of it once full).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tick-maps-"));
  const file = path.join(dir, "debug-print.txt");
  const out = fs.openSync(file, "w");
  try {
    const args = ["--import", "tsx", "--allow-natives-syntax", "--input-type=module", "-e", PROBE];
    const child = spawn(process.execPath, keep ? [...args, "--", "--keep"] : args, {
      env: { PATH: process.env.PATH ?? "" },
      stdio: ["ignore", out, "inherit"],
    });
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    return fs
      .readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.includes("DefineKeyedOwnPropertyInLiteral"));
  } finally {
    fs.closeSync(out);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

it("keeps the tick object's property sites on one map after the database opens (without it they go megamorphic)", async () => {
  const [without, kept] = await Promise.all([tickSites(false), tickSites(true)]);
  // The control: the effect the keeper exists for still happens on this Node.
  expect(without.some((line) => line.includes("MEGAMORPHIC"))).toBe(true);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.filter((line) => !line.includes("MONOMORPHIC"))).toEqual([]);
});

it("keeps one finished tick object, the same one each time", () => {
  const kept = keepTickObjectMaps();
  expect(kept).toBeTypeOf("object");
  // Its own two symbols, and (when an AsyncLocalStorage is in use in this process) a store's.
  expect(Object.getOwnPropertySymbols(kept).map(String).slice(0, 2)).toEqual([
    "Symbol(async_id_symbol)",
    "Symbol(trigger_async_id_symbol)",
  ]);
  expect(keepTickObjectMaps()).toBe(kept);
});
