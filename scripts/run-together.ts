/**
 * `tsx scripts/run-together.ts typecheck lint:code build` runs those npm scripts
 * at the same time and fails when any of them fails. `npm test` uses it
 * twice. First for the checks and the build, which do not read each other's
 * output (typecheck writes .react-router/types, which neither ESLint,
 * Prettier nor the build reads; the build writes build/, which the others
 * ignore) and are each mostly one thread. Then for Vitest and Playwright,
 * which need the build and nothing of each other (their servers take free
 * or their own ports, their Postgres databases have names of their own) and
 * each leave a core idle much of the time, waiting on servers, databases
 * and browsers. On two cores each pair takes little more than its longer
 * half instead of the sum.
 * Each line is prefixed with its script's name; a failed script's exit code
 * is the run's. A failed script's last lines are printed again after the
 * summary: its failures are then at the end of the output, where a log cut
 * to its tail still shows them, not between the other script's lines.
 */
import { spawn } from "node:child_process";
import readline from "node:readline";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: tsx scripts/run-together.ts <npm script>...");
  process.exit(2);
}

const width = Math.max(...scripts.map((name) => name.length));
const TAIL_LINES = 80;

type Result = { name: string; code: number; seconds: number; tail: string[] };

function runScript(name: string): Promise<Result> {
  const started = performance.now();
  const child = spawn("npm", ["run", "--silent", name], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = `${name.padEnd(width)} |`;
  const tail: string[] = [];
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    readline.createInterface({ input: stream }).on("line", (line) => {
      out.write(`${prefix} ${line}\n`);
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
    });
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) =>
      resolve({
        name,
        code: code ?? (signal ? 1 : 0),
        seconds: Math.round((performance.now() - started) / 100) / 10,
        tail,
      }),
    );
  });
}

const results = await Promise.all(scripts.map(runScript));
for (const { name, code, seconds } of results) {
  console.log(`${name.padEnd(width)} | ${code === 0 ? "passed" : `failed (exit ${code})`} in ${seconds} s`);
}
for (const { name, code, tail } of results) {
  if (code === 0) continue;
  console.log(`\n${name} failed; its last ${tail.length} lines again:`);
  for (const line of tail) console.log(`${name.padEnd(width)} | ${line}`);
}
const failed = results.find((result) => result.code !== 0);
process.exit(failed ? failed.code : 0);
