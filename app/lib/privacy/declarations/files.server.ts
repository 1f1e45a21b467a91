import fs from "node:fs";
import path from "node:path";
import { FALLBACK_BACKUP_DIR, listBackups } from "~/lib/backup/backup-files.server";
import { daysBefore } from "~/lib/privacy/declarations/declare-table.server";
import type { FileDeclaration, StorageDirs, Subject } from "~/lib/privacy/declarations/types";

/** The mail the site would have sent, one .eml file each, when SMTP_URL is not set. */
const mailDir = (dirs: StorageDirs) => (dirs.dataDir ? path.join(dirs.dataDir, "mail") : null);

function mailFiles(dirs: StorageDirs): string[] {
  const dir = mailDir(dirs);
  if (!dir || !fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Deletes those of `files` last written before `cutoff`; returns how many. */
function removeOlderThan(files: string[], cutoff: Date): number {
  const old = files.filter((file) => fs.statSync(file).mtimeMs < cutoff.getTime());
  for (const file of old) fs.rmSync(file, { force: true });
  return old.length;
}

/** The raw message with its quoted-printable and base64 parts decoded, so an encoded address is found. */
function searchableMail(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const quotedPrintable = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
  const base64 = (raw.match(/(?:^[A-Za-z0-9+/]{16,}={0,2}\r?\n)+/gm) ?? [])
    .map((block) => Buffer.from(block.replace(/\s+/g, ""), "base64").toString("utf8"))
    .join("\n");
  return `${raw}\n${quotedPrintable}\n${base64}`.toLowerCase();
}

/** Mail files to, from or about the address: it appears in a header or in the body. */
function mailFilesOf(subject: Subject, dirs: StorageDirs): string[] {
  return mailFiles(dirs).filter((file) =>
    searchableMail(fs.readFileSync(file, "latin1")).includes(subject.email),
  );
}

export const mailFilesDeclaration: FileDeclaration = {
  name: "mail files",
  where: "DATA_DIR/mail/*.eml",
  writtenBy: ["app/lib/mail/mail.server.ts"],
  personal: true,
  exportAs: "mailFiles",
  label: "Mail files",
  // Names and dates only: the mail log above has what they say, without links or codes.
  async find(_db, subject, dirs) {
    return mailFilesOf(subject, dirs).map((file) => ({
      file: path.basename(file),
      writtenAt: fs.statSync(file).mtime,
    }));
  },
  async erase(_tx, subject, dirs) {
    const files = mailFilesOf(subject, dirs);
    for (const file of files) fs.rmSync(file, { force: true });
    return files.length;
  },
  retention: {
    kind: "own",
    // Copies of sent mail: no longer than the outbox keeps its copy.
    periods: ["deliveredMailDays"],
    apply: async (_tx, { now, config, dirs }) =>
      removeOlderThan(mailFiles(dirs), daysBefore(now, config.deliveredMailDays)),
  },
};

/** BACKUP_DIR, and DATA_DIR/backups, where a migrating start writes without BACKUP_DIR. */
function backupDirs(dirs: StorageDirs): string[] {
  const found = [dirs.backupDir, dirs.dataDir && path.join(dirs.dataDir, FALLBACK_BACKUP_DIR)];
  return [...new Set(found.filter((dir): dir is string => Boolean(dir)).map((dir) => path.resolve(dir)))];
}

/** A person's rows cannot be erased inside a backup: every backup goes after `backupDays`, whatever BACKUP_KEEP. */
export const backupFilesDeclaration: FileDeclaration = {
  name: "backups",
  where: "BACKUP_DIR/backup-*, DATA_DIR/backups/backup-*",
  // private-files.server.ts writes for the backup and the auth secret (and probes, then removes, a test file).
  writtenBy: [
    "app/lib/backup/backup.server.ts",
    "app/lib/backup/backup-files.server.ts",
    // The bundle: the dump and the attachment files, staged beside the backup and removed once it is written.
    "app/lib/backup/backup-bundle.server.ts",
    "server/backup.ts",
    "app/lib/ops/private-files.server.ts",
  ],
  personal: true,
  exportAs: "backups",
  label: "Backups",
  find: async () => [],
  erase: async () => 0,
  retention: {
    kind: "own",
    periods: ["backupDays"],
    apply: async (_tx, { now, config, dirs }) =>
      removeOlderThan(backupDirs(dirs).flatMap(listBackups), daysBefore(now, config.backupDays)),
  },
};

export const authSecretDeclaration: FileDeclaration = {
  name: "auth secret",
  where: "DATA_DIR/auth-secret",
  writtenBy: ["app/lib/auth/auth-secret.server.ts", "app/lib/ops/private-files.server.ts"],
  personal: false,
  why: "A random key that signs sessions and tokens; it says nothing about anyone.",
};

export const databaseFilesDeclaration: FileDeclaration = {
  name: "embedded database",
  where: "DATA_DIR/pglite",
  writtenBy: ["app/lib/db/db.server.ts"],
  personal: false,
  why: "The PGlite database itself: what it holds is declared table by table.",
};
