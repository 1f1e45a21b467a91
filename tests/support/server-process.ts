import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const SERVER_ENTRY = path.resolve(BUILD_DIR, "server/index.js");

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export const clientBuildDir = path.resolve(BUILD_DIR, "client");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * Spawns the production build (`node build/server/index.js`) the way
 * `npm start` does. With `waitUntilReady: false` it returns at once, for
 * tests that expect the process to fail.
 */
export async function spawnServer(
  env: Record<string, string>,
  {
    waitUntilReady = true,
    readyTimeoutMs = 60_000,
  }: {
    waitUntilReady?: boolean;
    /** How long /readyz may take to answer 200. */ readyTimeoutMs?: number;
  } = {},
): Promise<ServerProcess> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error("No build: run `npm run build` before these tests");
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH ?? "",
      // What `npm start` runs: React's production build.
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      ...env,
      PORT: port,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  const server: ServerProcess = {
    url,
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (!waitUntilReady) return server;

  const deadline = Date.now() + readyTimeoutMs;
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));
  while (Date.now() < deadline && !exitedEarly) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop("SIGKILL");
  throw new Error(
    `server did not become ready within ${readyTimeoutMs} ms\nstdout:\n${out}\nstderr:\n${err}`,
  );
}
