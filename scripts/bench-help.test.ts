import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const TSX = path.resolve("node_modules/.bin/tsx");

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
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
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
] as const;

// Each run loads tsx and the script's imports: room on a busy machine, no timing asserted.
describe("the bench scripts' --help", { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(scripts)(
    "npm run %s -- --help prints its usage and knobs and runs nothing",
    async (name, script, knobs) => {
      const answers = [];
      for (const flag of ["--help", "-h"]) {
        const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-help-"));
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
