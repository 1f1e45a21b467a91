import fs from "node:fs";
import path from "node:path";
import { ensurePrivateDir } from "../ops/private-files.server";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by PID ${pid} (lock file ${path.join(dataDir, LOCK_FILE)}). ` +
        "PGlite allows one process at a time: stop that process first, or set DATABASE_URL to use PostgreSQL.",
    );
  }
}

const LOCK_FILE = "pglite.lock";

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLockOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes an exclusive, PID-stamped lock on a data directory. PGlite is a
 * single-process database and two processes writing the same files corrupt
 * it, so a second opener must fail loudly. A lock left by a dead process is
 * taken over. Returns the function that releases the lock.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  ensurePrivateDir(dataDir, { tighten: true });
  const lockPath = path.join(dataDir, LOCK_FILE);

  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o644);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      return () => releaseLock(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readLockOwner(lockPath);
    if (owner !== null && (owner === process.pid || isProcessAlive(owner))) {
      throw new DataDirLockedError(dataDir, owner);
    }
    if (owner === null && isFresh(lockPath)) {
      // Another process has just created the file and not yet written its PID.
      sleepSync(100);
      continue;
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
  if (readLockOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
}
