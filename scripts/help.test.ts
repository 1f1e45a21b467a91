import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, it } from "vitest";

const TSX = path.resolve("node_modules/.bin/tsx");
const TSCONFIG = path.resolve("tsconfig.json");

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs a script from an empty directory, with DATA_DIR and BACKUP_DIR inside it. */
function run(script: string, args: string[]) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "script-help-"));
  scratch.push(cwd);
  return new Promise<{ code: number | null; stdout: string; stderr: string; cwd: string }>((resolve) => {
    const child = spawn(TSX, ["--tsconfig", TSCONFIG, path.resolve("scripts", script), ...args], {
      cwd,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        DATA_DIR: path.join(cwd, "data"),
        BACKUP_DIR: path.join(cwd, "backups"),
        LOG_LEVEL: "silent",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // "close", not "exit": the output may still be in the pipes when the process has exited.
    child.on("close", (code) => resolve({ code, stdout, stderr, cwd }));
  });
}

// Every `npm run` script that takes arguments (the benchmarks have their own test).
const SCRIPTS: [string, string][] = [
  ["admin", "admin.ts"],
  ["backup", "backup.ts"],
  ["restore", "restore.ts"],
  ["sanctions", "sanctions.ts"],
  ["db:seed", "seed.ts"],
  ["db:migrate", "migrate.ts"],
  ["db:move", "db-move.ts"],
  ["lighthouse", "lighthouse.ts"],
  ["lock:complete", "complete-lockfile.ts"],
  ["rotate-upload-key", "rotate-upload-key.ts"],
];

// Each case its own process and directory: they run side by side.
describe.concurrent.each(SCRIPTS)("npm run %s", { timeout: 60_000 }, (name, script) => {
  it.for(["--help", "-h"])("answers %s with its usage and does nothing else", async (flag, { expect }) => {
    // After other arguments too: `npm run db:move -- postgres://… --help` must not move.
    const args = name === "db:move" ? ["postgres://nobody@127.0.0.1:1/none", flag] : [flag];
    const { code, stdout, stderr, cwd } = await run(script, args);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Usage:\\s+npm run ${name}`));
    // No data directory, backup, lock file or build was made.
    expect(fs.readdirSync(cwd)).toEqual([]);
  });
});
