import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { z } from "zod";
import { ensurePrivateDir, PRIVATE_FILE_MODE, writePrivateFile } from "~/lib/ops/private-files.server";

export type BackupKind = "pglite" | "postgres";

// Backups before attachment files were kept in them: `-postgres.dump`, pg_dump's file alone.
const BACKUP_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-(pglite|postgres)\.(tar\.gz|dump)$/;

/** The first member of every backup (backup-bundle.server.ts): what it holds. */
export const MANIFEST = "backup.json";

const ManifestSchema = z.object({
  format: z.literal(1),
  kind: z.enum(["pglite", "postgres"]),
  attachments: z.number().int().min(0),
  createdAt: z.string(),
});
export type BackupManifest = z.infer<typeof ManifestSchema>;

/** `backup-2026-11-22T10-00-00Z-pglite.tar.gz`: sorts by time, says what restores it into. */
export function backupFileName(kind: BackupKind, at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return `backup-${stamp}-${kind}.tar.gz`;
}

/** What a backup file holds, from its first bytes (not its name, which may have been changed). */
export function detectBackupKind(file: string): BackupKind {
  const manifest = readManifest(file);
  if (manifest) return manifest.kind;
  // Backups from before attachment files were kept in them: the dump alone.
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
    `${file} is not a backup of this site (neither a backup of this version nor an older PGlite tarball or pg_dump file)`,
  );
}

/** A backup's manifest: the first member of its gzipped tar; null for anything else (an older backup). */
export function readManifest(file: string): BackupManifest | null {
  const fd = fs.openSync(file, "r");
  let head: Buffer;
  try {
    const start = Buffer.alloc(64 * 1024);
    const read = fs.readSync(fd, start, 0, start.length, 0);
    // The manifest is the first member and small: the start of the stream holds it whole.
    head = zlib.gunzipSync(start.subarray(0, read), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
  if (head.length < 512) return null;
  const name = head.subarray(0, 100).toString("latin1").replace(/\0.*$/s, "");
  if (name !== MANIFEST) return null;
  const size = Number.parseInt(head.subarray(124, 136).toString("latin1").replace(/\0.*$/s, "").trim(), 8);
  try {
    return ManifestSchema.parse(JSON.parse(head.subarray(512, 512 + size).toString("utf8")));
  } catch {
    return null;
  }
}

/** Writes through a temporary name and renames: a backup interrupted halfway never looks complete. Private. */
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

/** Under DATA_DIR, for a backup before migrations without BACKUP_DIR; retention prunes it. */
export const FALLBACK_BACKUP_DIR = "backups";

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
