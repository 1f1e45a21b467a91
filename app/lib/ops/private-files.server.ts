import fs from "node:fs";
import path from "node:path";

/** Files that hold visitors' data or the auth secret are the service user's alone, whatever the umask. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** A directory that cannot be used, with the reason in words (and the errno code). */
export class UnusableDirectoryError extends Error {
  override name = "UnusableDirectoryError";
  constructor(
    readonly dir: string,
    reason: string,
  ) {
    super(`${dir} cannot be used: ${reason}`);
  }
}

const REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EEXIST: "it exists and is not a directory",
  ENOTDIR: "a part of the path is a file, not a directory",
  ENOENT: "its parent cannot hold directories",
  EROFS: "the file system is read-only",
  ENOSPC: "no space left on the device",
};

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (!code) return error instanceof Error ? error.message : String(error);
  return `${REASONS[code] ?? "the system refused"} (${code})`;
}

/** Makes a private directory, or finds it made (by an instance started at the same time). */
export function makeDirUnlessThere(dir: string): void {
  try {
    fs.mkdirSync(dir, { mode: PRIVATE_DIR_MODE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST" || !fs.statSync(dir).isDirectory()) throw error;
  }
}

/**
 * Creates `dir` and its missing parents 0700 and checks this process can write it; `tighten` takes group and other
 * access away from an existing one. Never mkdir `recursive`: under /proc, Node's loops forever.
 */
export function ensurePrivateDir(dir: string, { tighten = false } = {}): void {
  const target = path.resolve(dir);
  const missing: string[] = [];
  for (let current = target; ; current = path.dirname(current)) {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(current);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT") throw new UnusableDirectoryError(target, reasonOf(error));
    }
    if (stat) {
      if (!stat.isDirectory()) {
        throw new UnusableDirectoryError(
          target,
          current === target
            ? REASONS.EEXIST! + " (EEXIST)"
            : `${current} is a file, not a directory (ENOTDIR)`,
        );
      }
      break;
    }
    missing.unshift(current);
    if (path.dirname(current) === current) break;
  }
  try {
    for (const created of missing) makeDirUnlessThere(created);
    if (tighten && missing.length === 0) {
      const stat = fs.statSync(target);
      if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.())
        fs.chmodSync(target, PRIVATE_DIR_MODE);
    }
    // Writable for this process: permissions, a read-only mount or a pseudo file system.
    const probe = path.join(target, `.write-check-${process.pid}`);
    fs.writeFileSync(probe, "", { mode: PRIVATE_FILE_MODE });
    fs.rmSync(probe);
  } catch (error) {
    throw new UnusableDirectoryError(target, reasonOf(error));
  }
}

/** Writes a new file readable by this user alone (the mode holds whatever the umask). */
export function writePrivateFile(file: string, content: string | Uint8Array, flag = "w"): void {
  fs.writeFileSync(file, content, { mode: PRIVATE_FILE_MODE, flag });
  // An existing file keeps its mode on write: make it private too.
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}
