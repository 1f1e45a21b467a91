/**
 * Vitest global setup: the run's temporary files (embedded databases copied
 * from the template, servers' DATA_DIRs, backups, mail spools) go to a
 * directory of their own in /dev/shm, a memory file system, when it has room.
 * The suites write and delete some gigabytes of such files; in memory that
 * costs the kernel about half the processor time it does on the disk's file
 * system (measured on four database-heavy files: 3.8 s of system time
 * instead of 6.5–7.3 s). TMPDIR carries it to the workers and every process
 * they start, as os.tmpdir() reads it; the directory is removed at the end.
 */
import fs from "node:fs";
import path from "node:path";

const MEMORY_FS = "/dev/shm";
// A container's default /dev/shm (64 MB) is too small: the disk then.
const NEEDED_BYTES = 4 * 1024 ** 3;

function hasRoom(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    const { bavail, bsize } = fs.statfsSync(dir);
    return bavail * bsize >= NEEDED_BYTES;
  } catch {
    return false;
  }
}

export function setup(): (() => void) | undefined {
  // Each Vitest project runs the global setup; the first one chose.
  if (process.env.VOLTA_TEST_TMPDIR || !hasRoom(MEMORY_FS)) return undefined;
  const dir = fs.mkdtempSync(path.join(MEMORY_FS, "volta-tests-"));
  // As /tmp is: the Postgres and Dovecot that some suites run under their own
  // users must reach the directories made for them inside it.
  fs.chmodSync(dir, 0o1777);
  process.env.VOLTA_TEST_TMPDIR = dir;
  process.env.TMPDIR = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
