import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const TSX = path.resolve("node_modules/.bin/tsx");
const SCRIPT = path.resolve("scripts/run-together.ts");

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "run-together-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

it("fails with the failed script's code and prints its last lines again after the summary", async () => {
  const noisy = Array.from({ length: 100 }, (_, i) => `echo line-${i}`).join("; ");
  fs.writeFileSync(
    path.join(scratch, "package.json"),
    JSON.stringify({
      name: "run-together-check",
      scripts: { fine: "echo all good", broken: `${noisy}; echo why-it-failed; exit 3` },
    }),
  );
  const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
    const child = spawn(TSX, [SCRIPT, "fine", "broken"], {
      cwd: scratch,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("close", (exitCode) => resolve({ code: exitCode, stdout: out }));
  });
  expect(code).toBe(3);
  const summary = stdout.indexOf("broken | failed (exit 3)");
  expect(summary).toBeGreaterThan(-1);
  expect(stdout).toMatch(/fine {3}\| passed in/);
  const repeated = stdout.slice(summary).split("\n");
  expect(repeated).toContain("broken failed; its last 80 lines again:");
  // The last 80 lines, in order; the first of the hundred are not repeated.
  expect(repeated.at(-2)).toBe("broken | why-it-failed");
  expect(repeated).toContain("broken | line-21");
  expect(repeated).not.toContain("broken | line-20");
  expect(repeated.filter((line) => line.startsWith("fine "))).toHaveLength(0);
});
