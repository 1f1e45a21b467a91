import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { attachmentsDir } from "~/lib/conversation/attachment-files.server";
import { storedUploads, uploadsDir } from "~/lib/uploads/upload-files.server";
import {
  extractBackup,
  installAttachments,
  installPhotos,
  installUploads,
  storedAttachments,
  writeBackup,
} from "~/lib/backup/backup-bundle.server";
import {
  backupFileName,
  detectBackupKind,
  readManifest,
  writeAtomically,
} from "~/lib/backup/backup-files.server";
import { photosDir } from "~/lib/catalogue/photo-files.server";
import { acquireDataDirLock } from "~/lib/db/data-dir-lock.server";
import { dumpStoppedPglite, loadPgliteDump, openDatabase, pgliteFilesDir } from "~/lib/db/db.server";
import { emptyPostgresDatabase, inspectPostgresTarget } from "~/lib/backup/postgres-backup.server";
import type { Env } from "~/lib/env.server";

const run = promisify(execFile);

/**
 * The token `npm run backup` shows the running server, derived from the auth secret: a web page on the same
 * machine cannot know it, so it cannot make a browser start a backup.
 */
export function deriveBackupToken(authSecret: string): string {
  return crypto.createHmac("sha256", authSecret).update("local-backup-endpoint-v1").digest("base64url");
}

export async function writeBlob(blob: Blob, file: string): Promise<void> {
  await writeAtomically(file, async (temporary) => {
    fs.writeFileSync(temporary, Buffer.from(await blob.arrayBuffer()));
  });
}

/**
 * A backup of a PGlite database from its dump (`dump` is called once), with DATA_DIR's attachment files and the
 * catalogue's photos (`photos`: DATA_DIR/catalogue-photos unless given).
 */
export async function backupPgliteDump(
  dump: () => Promise<Blob>,
  dataDir: string,
  file: string,
  photos?: string,
): Promise<void> {
  await writeBackup(file, {
    kind: "pglite",
    dataDir,
    photosDir: photos,
    writeDatabase: async (target) => writeBlob(await dump(), target),
  });
}

/** Backs up a PGlite data directory no process has open (the server is stopped). */
export async function backupStoppedPglite(dataDir: string, file: string, photos?: string): Promise<void> {
  await backupPgliteDump(() => dumpStoppedPglite(path.resolve(dataDir)), dataDir, file, photos);
}

/** `pg_dump` in custom format: one consistent snapshot while the servers keep running. */
export async function backupPostgres(
  databaseUrl: string,
  dataDir: string,
  file: string,
  photos?: string,
): Promise<void> {
  await writeBackup(file, {
    kind: "postgres",
    dataDir,
    photosDir: photos,
    writeDatabase: async (target) => {
      await run("pg_dump", ["--format=custom", `--file=${target}`, `--dbname=${databaseUrl}`]);
    },
  });
}

/** A backup into `dir` under its usual name, of the PGlite dump if given, else of DATABASE_URL. */
export async function backupInto(
  dir: string,
  env: Pick<Env, "DATA_DIR" | "DATABASE_URL" | "CATALOGUE_PHOTOS_DIR">,
  dumpPglite?: () => Promise<Blob>,
): Promise<string> {
  const file = path.join(dir, backupFileName(dumpPglite ? "pglite" : "postgres"));
  if (dumpPglite) await backupPgliteDump(dumpPglite, env.DATA_DIR, file, photosDir(env));
  else await backupPostgres(env.DATABASE_URL!, env.DATA_DIR, file, photosDir(env));
  return file;
}

export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

interface RestoreOptions {
  file: string;
  /** Replace what the target holds. */
  force: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the catalogue's photos go: DATA_DIR/catalogue-photos unless given. */
  photosDir?: string;
}

/**
 * Restores a backup into an empty data directory or database with the server stopped, then migrates it.
 * `attachments` is null for an older backup, which held none (those files are left as they are).
 */
export async function restoreBackup(
  options: RestoreOptions,
): Promise<{ kind: "pglite" | "postgres"; attachments: number | null }> {
  const kind = detectBackupKind(options.file);
  if (kind === "postgres" && !options.databaseUrl) {
    throw new RestoreRefusedError(
      "This is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore it into.",
    );
  }
  if (kind === "pglite" && options.databaseUrl) {
    throw new RestoreRefusedError(
      "This is an embedded-database (PGlite) backup: unset DATABASE_URL and set DATA_DIR to restore it.",
    );
  }
  const manifest = readManifest(options.file);
  // Refused before anything is changed: one site's documents never mix with another's.
  if (manifest && storedAttachments(options.dataDir).length > 0 && !options.force) {
    throw new RestoreRefusedError(
      `${attachmentsDir(path.resolve(options.dataDir))} already holds attachment files. Restore into an empty DATA_DIR, or add --force to replace them.`,
    );
  }
  // Installing a bundle replaces DATA_DIR/uploads whole: files there would be lost with no record of them.
  if (manifest && storedUploads(options.dataDir).length > 0 && !options.force) {
    throw new RestoreRefusedError(
      `${uploadsDir(path.resolve(options.dataDir))} already holds uploaded files. Restore into an empty DATA_DIR, or add --force to replace them.`,
    );
  }
  const extracted = manifest ? await extractBackup(options.file, manifest, options.dataDir) : null;
  try {
    const databaseFile = extracted?.databaseFile ?? options.file;
    if (kind === "pglite") await restorePglite({ ...options, file: databaseFile });
    else await restorePostgres(databaseFile, options.databaseUrl!, options.force);
    const attachments = extracted ? installAttachments(extracted.attachmentsDir, options.dataDir) : null;
    if (extracted) {
      installUploads(extracted.uploadsDir, options.dataDir);
      installPhotos(extracted.photosDir, options.photosDir ?? photosDir({ DATA_DIR: options.dataDir }));
    }
    return { kind, attachments };
  } finally {
    extracted?.dispose();
  }
}

async function restorePglite({ file, force, dataDir }: RestoreOptions) {
  const dir = path.resolve(dataDir);
  const target = pgliteFilesDir(dir);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
    if (!force) {
      throw new RestoreRefusedError(
        `${target} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it.`,
      );
    }
    // Refuses (DataDirLockedError) while a server has the directory open.
    const release = acquireDataDirLock(dir);
    fs.rmSync(target, { recursive: true, force: true });
    release();
  }
  // Takes the data-dir lock: fails while a server has the directory open.
  await loadPgliteDump(dir, new Blob([fs.readFileSync(file)]));
  // Opening applies the migrations newer than the backup.
  const database = await openDatabase({ kind: "pglite", dataDir: dir });
  await database.close();
}

async function restorePostgres(file: string, databaseUrl: string, force: boolean) {
  const target = await inspectPostgresTarget(databaseUrl);
  if (target.otherSessions > 0 && !force) {
    throw new RestoreRefusedError(
      `${target.otherSessions} other session(s) are connected to this database: stop the servers first (or add --force).`,
    );
  }
  if (target.tables > 0) {
    if (!force) {
      throw new RestoreRefusedError(
        "The database already has tables. Restore into an empty database, or add --force to replace them.",
      );
    }
    await emptyPostgresDatabase(databaseUrl);
  }
  await run("pg_restore", [
    "--no-owner",
    "--no-privileges",
    "--exit-on-error",
    `--dbname=${databaseUrl}`,
    file,
  ]);
  // Opening applies the migrations newer than the backup.
  const database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 1 });
  await database.close();
}
