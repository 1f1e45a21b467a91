import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, it } from "vitest";

const TSX = path.resolve("node_modules/.bin/tsx");

/** tsx's compile cache, in the temporary directory of every tsx run. */
const TSX_CACHE = `tsx-${process.geteuid?.() ?? os.userInfo().username}`;

/**
 * A temporary directory for one run, holding only a link to the shared tsx
 * cache: in an empty one, tsx would compile every module afresh.
 */
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-help-"));
  const cache = path.join(os.tmpdir(), TSX_CACHE);
  fs.mkdirSync(cache, { recursive: true, mode: 0o700 });
  fs.symlinkSync(cache, path.join(dir, TSX_CACHE));
  return dir;
}

/** Runs a bench script with its temporary files kept in `tmp`, where a run would make its directory. */
function run(script: string, arg: string, tmp: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(TSX, [script, arg], {
      env: {
        PATH: process.env.PATH ?? "",
        TMPDIR: tmp,
        // Were --help ignored, these would keep the run small and on no real database.
        BENCH_SECONDS: "1",
        BENCH_ROWS: "10",
        BENCH_BACKENDS: "pglite",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // "close", not "exit": the output may still be in the pipes when the process has exited.
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const scripts = [
  [
    "bench",
    "scripts/bench.ts",
    ["BENCH_SECONDS", "BENCH_CONNECTIONS", "BENCH_THREADS", "BENCH_NGINX", "--json"],
  ],
  ["bench:contact", "scripts/bench-contact.ts", ["BENCH_CLIENTS", "BENCH_SECONDS"]],
  ["bench:inbox", "scripts/bench-inbox.ts", ["BENCH_ROWS", "BENCH_RUNS", "BENCH_BACKENDS"]],
  ["bench:instructions", "scripts/bench-instructions.ts", ["--requests", "--rounds", "--log-level"]],
  ["bench:sanctions", "scripts/bench-sanctions.ts", ["BENCH_NAMES", "BENCH_INQUIRIES", "BENCH_BACKENDS"]],
  ["bench:uploads", "scripts/bench-uploads.ts", ["BENCH_CLIENTS", "BENCH_MB"]],
  ["bench:whatsapp", "scripts/bench-whatsapp.ts", ["BENCH_RATE", "BENCH_SECONDS", "BENCH_SENDERS"]],
] as const;

// Each run loads tsx and the script's imports: room on a busy machine, no timing asserted.
// Each script's runs have their own directories: the scripts run side by side.
describe.concurrent("the bench scripts' --help", { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.for(scripts)(
    "npm run %s -- --help prints its usage and knobs and runs nothing",
    async ([name, script, knobs], { expect }) => {
      const answers = [];
      for (const flag of ["--help", "-h"]) {
        const tmp = tempDir();
        dirs.push(tmp);
        const answer = await run(script, flag, tmp);
        expect(answer.code, `${flag}: ${answer.stderr}`).toBe(0);
        expect(answer.stderr).toBe("");
        expect(answer.stdout.startsWith(`Usage: npm run ${name}`)).toBe(true);
        for (const knob of knobs) expect(answer.stdout).toContain(knob);
        // A run makes its scratch directory (database, server files) under TMPDIR and prints
        // figures; tsx keeps its compile cache there too, whatever the script does.
        expect(fs.readdirSync(tmp).filter((entry) => !entry.startsWith("tsx-"))).toEqual([]);
        expect(answer.stdout).not.toMatch(/Seeded|req\/s|p99:|listening/);
        answers.push(answer.stdout);
      }
      expect(answers[1]).toBe(answers[0]);
    },
  );
});
