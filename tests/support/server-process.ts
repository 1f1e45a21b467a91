import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type * as BuildEntry from "../../server/build-entry";

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

/**
 * React Router's build from the production bundle (build/server/app.js), to
 * inspect its routes. Not build/server/index.js: that one starts a server.
 */
export async function loadServerBuild(): Promise<ServerBuild> {
  const bundle = path.resolve(BUILD_DIR, "server/app.js");
  if (!fs.existsSync(bundle)) throw new Error("No build: run `npm run build` before these tests");
  const entry = (await import(/* @vite-ignore */ pathToFileURL(bundle).href)) as typeof BuildEntry;
  return entry.loadBuild();
}

/**
 * The production bundle as `node` loads it, for tests that run its app
 * in-process (createApp). Through Vitest's loader, the bundle's `react-router`
 * would be another copy than the one @react-router/express requires, and
 * every server render would fail; Node's require (of an ES module, as Node
 * 20.19 allows) is not rewritten by Vitest.
 */
export function loadServerBundle(): typeof BuildEntry {
  const bundle = path.resolve(BUILD_DIR, "server/app.js");
  if (!fs.existsSync(bundle)) throw new Error("No build: run `npm run build` before these tests");
  return createRequire(import.meta.url)(bundle) as typeof BuildEntry;
}

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
 * A free loopback port, the site's URL there, and the environment a test
 * server needs to run on it (quiet: warnings and errors only); `env` adds
 * to it or overrides it.
 */
export async function testSiteEnv(env: Record<string, string>): Promise<{
  url: string;
  env: Record<string, string>;
}> {
  const port = String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  return { url, env: { PORT: port, SITE_URL: url, LOG_LEVEL: "warn", ...env } };
}

/**
 * Spawns the production build (`node build/server/index.js`) the way
 * `npm start` does. With `waitUntilReady: false` it returns at once, for
 * tests that expect the process to fail.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error("No build: run `npm run build` before these tests");
  return spawnAndWait(process.execPath, [SERVER_ENTRY], { NODE_ENV: "production", ...env }, options);
}

/**
 * Spawns `npm run dev` (Vite in middleware mode, from source). It runs in a
 * process group of its own, so stopping it signals npm and the server alike.
 */
export async function spawnDevServer(
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  return spawnAndWait("npm", ["run", "dev", "--silent"], env, {
    readyTimeoutMs: 120_000,
    ...options,
    group: true,
  });
}

interface SpawnOptions {
  waitUntilReady?: boolean;
  /**
   * For permission tests run as root: the server runs as root still, but
   * without the capabilities that let root ignore file modes, so a directory
   * it may not write refuses it. (Running it as another user instead would
   * need that user to reach the checkout, which a private parent directory
   * forbids.)
   */
  withoutFileOverride?: boolean;
  /** How long /readyz may take to answer 200. */
  readyTimeoutMs?: number;
}

async function spawnAndWait(
  command: string,
  args: string[],
  env: Record<string, string>,
  {
    waitUntilReady = true,
    readyTimeoutMs = 60_000,
    group = false,
    withoutFileOverride = false,
  }: SpawnOptions & { group?: boolean },
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const [file, argv] = withoutFileOverride
    ? ["setpriv", ["--bounding-set=-dac_override,-dac_read_search", "--", command, ...args]]
    : [command, args];
  const child = spawn(file, argv, {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      ...env,
      PORT: port,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: group,
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
      if (child.exitCode === null && child.signalCode === null) {
        if (group && child.pid !== undefined) process.kill(-child.pid, signal);
        else child.kill(signal);
      }
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
