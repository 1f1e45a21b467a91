import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensurePrivateDir } from "~/lib/ops/private-files.server";

const LOCK_FILE = "pglite.lock";

/** Where a PID means something: in another namespace or after a reboot it names another process; "none" without /proc. */
interface PidScope {
  host: string;
  boot: string;
  pidns: string;
}

interface LockOwner extends Partial<PidScope> {
  pid: number;
  /** The process's start time (/proc/PID/stat): a PID used again by a later process is not the owner. */
  start?: string;
}

function readOr(read: () => string, fallback: string): string {
  try {
    return read().trim();
  } catch {
    return fallback;
  }
}

function ownScope(): PidScope {
  return {
    host: os.hostname(),
    boot: readOr(() => fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8"), "none"),
    pidns: readOr(() => fs.readlinkSync("/proc/self/ns/pid"), "none"),
  };
}

/** A process's start time in clock ticks since boot, or "none" (no /proc, or no such process). */
function startTime(pid: number): string {
  const stat = readOr(() => fs.readFileSync(`/proc/${pid}/stat`, "utf8"), "");
  // The command name, in parentheses, may hold spaces; the fields after it are plain.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields[19] ?? "none";
}

function sameScope(owner: LockOwner, own: PidScope): boolean {
  return owner.host === own.host && owner.boot === own.boot && owner.pidns === own.pidns;
}

/** Written on this host before its last reboot, which ended every process of that boot in any namespace. */
function fromEarlierBoot(owner: LockOwner, own: PidScope): boolean {
  return (
    owner.host === own.host &&
    owner.boot !== undefined &&
    owner.boot !== "none" &&
    own.boot !== "none" &&
    owner.boot !== own.boot
  );
}

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    /** The owner is in another PID namespace, boot or host (or an older lock did not say): it cannot be checked. */
    readonly unverifiable = false,
  ) {
    const lockPath = path.join(dataDir, LOCK_FILE);
    super(
      unverifiable
        ? `The data directory ${dataDir} is locked by PID ${pid} of another host, boot or PID namespace, which cannot be checked from here (lock file ${lockPath}): if no process uses the directory any more, delete ${lockPath} and start again.`
        : `The data directory ${dataDir} is in use by PID ${pid} (lock file ${lockPath}). ` +
            "PGlite allows one process at a time: stop that process first, or set DATABASE_URL to use PostgreSQL.",
    );
  }
}

/** The lock's text: the PID on the first line (what older versions read), then where it means something. */
function lockText(own: PidScope): string {
  const fields = Object.entries({ ...own, start: startTime(process.pid) });
  return `${process.pid}\n${fields.map(([key, value]) => `${key}=${value}\n`).join("")}`;
}

function readLockOwner(lockPath: string): LockOwner | null {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, "utf8");
  } catch {
    return null;
  }
  const [first = "", ...rest] = text.split("\n");
  const pid = Number(first.trim());
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  const owner: LockOwner = { pid };
  for (const line of rest) {
    const [key, ...value] = line.split("=");
    if (key === "host" || key === "boot" || key === "pidns" || key === "start")
      owner[key] = value.join("=").trim();
  }
  return owner;
}

/** Whether the owner, in this PID namespace of this boot, is provably gone. */
function isProvablyDead(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
  // Alive, but a later process given the same PID is not the owner.
  const now = startTime(owner.pid);
  return owner.start !== undefined && owner.start !== "none" && now !== "none" && now !== owner.start;
}

/**
 * Takes an exclusive lock on a data directory: two processes writing PGlite's files corrupt them. A lock is taken
 * over only when its owner is provably dead; one from another host or namespace is refused with how to remove it
 * by hand. Returns the function that releases the lock.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  ensurePrivateDir(dataDir, { tighten: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const own = ownScope();

  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o644);
      fs.writeSync(fd, lockText(own));
      fs.closeSync(fd);
      return () => releaseLock(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readLockOwner(lockPath);
    if (owner === null && isFresh(lockPath)) {
      // Another process has just created the file and not yet written its PID.
      sleepSync(100);
      continue;
    }
    if (owner !== null && !fromEarlierBoot(owner, own)) {
      if (!sameScope(owner, own)) throw new DataDirLockedError(dataDir, owner.pid, true);
      if (owner.pid === process.pid || !isProvablyDead(owner))
        throw new DataDirLockedError(dataDir, owner.pid);
    }
    // Stale: its owner is dead (or it was never completed). Race for it again.
    fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`Could not acquire the lock on ${dataDir}`);
}

function isFresh(lockPath: string): boolean {
  try {
    return Date.now() - fs.statSync(lockPath).mtimeMs < 2_000;
  } catch {
    return false;
  }
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function releaseLock(lockPath: string) {
  if (readLockOwner(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
}
