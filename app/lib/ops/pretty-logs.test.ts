import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const TSX = path.resolve("node_modules/.bin/tsx");
/** Writes one line through the app's logger. */
const PROGRAM = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pretty-logs-")), "log-once.ts");
fs.writeFileSync(
  PROGRAM,
  `import { logger } from "~/lib/ops/logger.server";\nlogger.info({ port: 3000 }, "server listening");\n`,
);
afterAll(() => fs.rmSync(path.dirname(PROGRAM), { recursive: true, force: true }));

/** Runs the program with stdout on a pipe, or on a terminal through script(1). */
function logOnce(nodeEnv: string, terminal: boolean) {
  const command = `${TSX} --tsconfig ${path.resolve("tsconfig.json")} ${PROGRAM}`;
  const [file, args] = terminal
    ? ["script", ["--quiet", "--return", "--command", command, "/dev/null"]]
    : ["sh", ["-c", command]];
  return new Promise<string>((resolve, reject) => {
    const child = spawn(file, args, {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: nodeEnv, TERM: "dumb" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out}`))));
  });
}

// Each case starts tsx; on a busy machine that takes a while.
describe("log lines", { timeout: 120_000 }, () => {
  it("are readable at a terminal in development", async () => {
    const out = stripVTControlCharacters(await logOnce("development", true));
    expect(out).toMatch(/INFO.*server listening/);
    expect(out).toContain("port: 3000");
    expect(out).not.toContain('"msg"');
  });

  it("stay JSON on a pipe, and in production even at a terminal", async () => {
    for (const out of [await logOnce("development", false), await logOnce("production", true)]) {
      const line = JSON.parse(out.trim()) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 30, msg: "server listening", port: 3000 });
    }
  });
});
