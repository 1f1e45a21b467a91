import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./server-process";

const run = promisify(execFile);

/** POSTGRES_BIN_DIR, else the newest Debian-style install (the machines' is 15). */
function findBinDir(): string {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0] ?? "15";
  return path.join(root, newest, "bin");
}

export interface PrivatePostgres {
  /** Superuser URL of the cluster's `postgres` database (trust auth). */
  readonly url: string;
  /** Kills the server at once (`-m immediate`: no checkpoint, clients cut off). */
  stop(): Promise<void>;
  /** Starts it again and waits until it accepts connections (after crash recovery). */
  start(): Promise<void>;
  /** `pg_ctl restart -m immediate`: what an operator or a crash-looping host does. */
  restart(): Promise<void>;
  /** The server's own log, for failure messages. */
  log(): string;
  /** Stops the server (if running) and deletes its files. Safe to call twice. */
  dispose(): Promise<void>;
}

/**
 * initdb and postgres refuse to run as root; in a root container the
 * cluster belongs to the postgres system user.
 */
function runAsUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/**
 * A PostgreSQL cluster of the test's own, on a free port: a test may kill
 * and restart it without disturbing the shared server other suites use.
 * Durability settings stay at their defaults (fsync on), because a test
 * restarting it checks that acknowledged commits survive.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binDir = findBinDir();
  if (!fs.existsSync(path.join(binDir, "pg_ctl"))) {
    throw new Error(`PostgreSQL binaries not found in ${binDir} (set POSTGRES_BIN_DIR)`);
  }
  const owner = runAsUser();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "private-pg-"));
  if (owner) fs.chownSync(root, owner.uid, owner.gid);
  const dataDir = path.join(root, "data");
  const socketDir = path.join(root, "socket");
  const logFile = path.join(root, "postgres.log");
  fs.mkdirSync(socketDir);
  if (owner) fs.chownSync(socketDir, owner.uid, owner.gid);

  const pgBin = async (name: string, args: string[]) => {
    const binary = path.join(binDir, name);
    const [command, commandArgs] = owner
      ? ["runuser", ["-u", "postgres", "--", binary, ...args]]
      : [binary, args];
    // Asynchronous on purpose: the test's clients keep running meanwhile.
    await run(command, commandArgs, { cwd: root, env: { ...process.env, LC_ALL: "C" } });
  };
  const pgCtl = (args: string[]) => pgBin("pg_ctl", ["-D", dataDir, "-l", logFile, ...args]);

  const pidFile = path.join(dataDir, "postmaster.pid");
  const stop = () => pgCtl(["stop", "-m", "immediate", "-w"]);
  const start = () => pgCtl(["start", "-w"]);
  // Whatever state a failed test left it in, no server outlives the suite.
  const shutDown = async () => {
    if (!fs.existsSync(pidFile)) return;
    await stop().catch(() => {
      const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
      // SIGQUIT is the postmaster's immediate shutdown.
      if (pid > 0) process.kill(pid, "SIGQUIT");
    });
  };

  try {
    // --no-sync only skips flushing initdb's own files; the server runs with fsync on.
    await pgBin("initdb", [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
      "--no-instructions",
    ]);
    const port = await freePort();
    fs.appendFileSync(
      path.join(dataDir, "postgresql.conf"),
      [
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${socketDir}'`,
        // Small: the test needs little, and CI machines run other suites beside it.
        "shared_buffers = 16MB",
        "max_connections = 40",
        "",
      ].join("\n"),
    );
    await start();
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop,
      start,
      restart: () => pgCtl(["restart", "-m", "immediate", "-w"]),
      log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : ""),
      async dispose() {
        try {
          await shutDown();
        } finally {
          fs.rmSync(root, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await shutDown().catch(() => {});
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
