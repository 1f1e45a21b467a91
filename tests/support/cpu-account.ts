/**
 * Vitest global setup: prints, at the end of a run, the processor time of the
 * run's own processes (the main process and its workers) and of the child
 * processes the tests start (servers, tsx scripts, pg_dump, Dovecot's tools),
 * so the gate's note can say where its time goes. Each worker writes its
 * totals after every file (tests/support/vitest-setup.ts); the kernel counts a
 * child's time into its parent once it has exited and been waited for.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const TICKS_PER_SECOND = 100;
/** One line a test file (tests/support/vitest-setup.ts): its own processor time and its children's. */
export const FILES_LOG = "files.jsonl";
const COSTLIEST = 10;

/** Seconds of CPU of this process (`self`) and of its waited-for descendants (`children`). */
export function readCpu(): { self: number; children: number } {
  // Fields after the command's closing parenthesis: utime is the 12th, then stime, cutime, cstime.
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  const fields = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  const [utime, stime, cutime, cstime] = fields.slice(11, 15) as [number, number, number, number];
  return { self: (utime + stime) / TICKS_PER_SECOND, children: (cutime + cstime) / TICKS_PER_SECOND };
}

export function setup(): (() => void) | undefined {
  // Each Vitest project runs the global setup; the first one counts.
  if (process.env.VOLTA_CPU_ACCOUNT) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "volta-cpu-"));
  process.env.VOLTA_CPU_ACCOUNT = dir;
  return () => {
    let workers = 0;
    let started = 0;
    const files = fs.existsSync(path.join(dir, FILES_LOG))
      ? fs
          .readFileSync(path.join(dir, FILES_LOG), "utf8")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as { file: string; self: number; children: number })
      : [];
    fs.rmSync(path.join(dir, FILES_LOG), { force: true });
    for (const file of fs.readdirSync(dir)) {
      const worker = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as ReturnType<typeof readCpu>;
      workers += worker.self;
      started += worker.children;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    const main = readCpu().self;
    const total = main + workers + started;
    console.log(
      `Vitest CPU: ${total.toFixed(0)} s; Vitest's processes ${(main + workers).toFixed(0)} s, ` +
        `child processes the tests started ${started.toFixed(0)} s (${((100 * started) / total).toFixed(0)} %)`,
    );
    const costliest = files.sort((a, b) => b.self + b.children - (a.self + a.children)).slice(0, COSTLIEST);
    console.log(`The ${COSTLIEST} costliest files (seconds of CPU: the file's own + its child processes'):`);
    for (const { file, self, children } of costliest) {
      console.log(
        `  ${(self + children).toFixed(1).padStart(6)} = ${self.toFixed(1)} + ${children.toFixed(1)}  ${file}`,
      );
    }
  };
}
