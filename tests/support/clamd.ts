import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ensureClamav } from "../../scripts/ensure-clamav";
import { freePort } from "./server-process";

/**
 * The EICAR test file, which every scanner reports and which harms nothing. Assembled here so this source file is
 * not itself reported by a scanner on a developer's machine.
 */
const EICAR = ["X5O!P%@AP[4\\PZX54(P^)7CC)7}$", "EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"].join("");

/** A PDF that carries the EICAR string: the format check passes it, so only the scanner stops it. */
export const EICAR_PDF = Buffer.from(`%PDF-1.4\n% ${EICAR}\n%%EOF\n`);

export interface Clamd {
  /** `127.0.0.1:port`, as CLAMD_ADDRESS takes it. */
  readonly address: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * Debian's clamd on a loopback port with a local signature database of one signature, for EICAR anywhere in a
 * file: signatures cannot be downloaded here, and a test must not depend on the day's official ones.
 */
export async function startClamd(options: { port?: number } = {}): Promise<Clamd> {
  const clamd = ensureClamav();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clamd-"));
  const databaseDir = path.join(dir, "db");
  fs.mkdirSync(databaseDir);
  fs.writeFileSync(
    path.join(databaseDir, "local.ndb"),
    `Local.Eicar-Test-File:0:*:${Buffer.from(EICAR).toString("hex")}\n`,
  );
  const port = options.port ?? (await freePort());
  const config = path.join(dir, "clamd.conf");
  fs.writeFileSync(
    config,
    [
      `TCPSocket ${port}`,
      "TCPAddr 127.0.0.1",
      `DatabaseDirectory ${databaseDir}`,
      "Foreground yes",
      `LogFile ${path.join(dir, "clamd.log")}`,
      `PidFile ${path.join(dir, "clamd.pid")}`,
      "StreamMaxLength 30M",
      ...(process.getuid?.() === 0 ? ["User root"] : []),
      "",
    ].join("\n"),
  );
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(clamd, ["-c", config], { stdio: "ignore" });
    await waitForPing(port, child);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  await start();
  return {
    address: `127.0.0.1:${port}`,
    start,
    stop,
    async dispose() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPing(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`clamd exited with ${child.exitCode}`);
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port });
      let said = "";
      socket.on("data", (chunk) => (said += chunk.toString()));
      socket.on("connect", () => socket.end("zPING\0"));
      socket.on("close", () => resolve(said));
      socket.on("error", () => resolve(""));
    });
    if (answer.startsWith("PONG")) return;
    // clamd loads its database before it listens; the poll is the only signal it gives.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
