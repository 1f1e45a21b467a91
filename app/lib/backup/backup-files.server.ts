import fs from "node:fs";
import path from "node:path";
import { ensurePrivateDir, PRIVATE_FILE_MODE, writePrivateFile } from "../ops/private-files.server";

export type BackupKind = "pglite" | "postgres";

const EXTENSIONS: Record<BackupKind, string> = { pglite: "tar.gz", postgres: "dump" };
const BACKUP_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-(pglite\.tar\.gz|postgres\.dump)$/;

/** `backup-2026-11-22T10-00-00Z-pglite.tar.gz`: sorts by time, says what restores it. */
export function backupFileName(kind: BackupKind, at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return `backup-${stamp}-${kind}.${EXTENSIONS[kind]}`;
}

/** What a backup file holds, from its first bytes (not its name, which may have been changed). */
export function detectBackupKind(file: string): BackupKind {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(5);
    fs.readSync(fd, head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
    if (head.toString("latin1") === "PGDMP") return "postgres";
  } finally {
    fs.closeSync(fd);
  }
  throw new Error(
    `${file} is not a backup of this site (neither a PGlite tarball nor a pg_dump custom-format file)`,
  );
}

/**
 * Writes through a temporary name and renames: a backup interrupted halfway
 * never sits under a name that looks complete. Backups hold every visitor's
 * data: the file is 0600, and a directory made for it 0700.
 */
export async function writeAtomically(
  file: string,
  write: (temporary: string) => Promise<void>,
): Promise<void> {
  ensurePrivateDir(path.dirname(path.resolve(file)));
  const temporary = `${file}.partial`;
  try {
    // Created private before anything is written: writers keep an existing file's mode.
    writePrivateFile(temporary, "");
    await write(temporary);
    fs.chmodSync(temporary, PRIVATE_FILE_MODE);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** The backups in `dir` written under backupFileName's names, oldest first. */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Deletes all but the newest `keep` backups in `dir`; other files are left alone. */
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = listBackups(dir);
  const doomed = backups.slice(0, Math.max(backups.length - keep, 0));
  for (const file of doomed) fs.rmSync(file, { force: true });
  return doomed;
}
