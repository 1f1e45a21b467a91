import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { copyPhotos, storedPhotos } from "~/lib/catalogue/photo-files.server";
import { attachmentPath, attachmentsDir } from "~/lib/conversation/attachment-files.server";
import { ensurePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "~/lib/ops/private-files.server";
import { storedUploads, uploadPath, uploadsDir } from "~/lib/uploads/upload-files.server";
import {
  type BackupKind,
  type BackupManifest,
  MANIFEST,
  writeAtomically,
} from "~/lib/backup/backup-files.server";

const run = promisify(execFile);

/**
 * A backup is one gzipped tar: `backup.json` first, then the database, then the kept attachments as under DATA_DIR (decision 047)
 * (without them a restore would list a customer's documents without the documents). The system's `tar` streams
 * the files, never holding them in memory. The catalogue's photos follow under `catalogue-photos/`: they may live
 * outside DATA_DIR (nginx serves them), and their originals are not kept, so a backup is their only other copy.
 */
const DATABASE_MEMBER: Record<BackupKind, string> = { pglite: "database.tar.gz", postgres: "database.dump" };
const PHOTOS_MEMBER = "catalogue-photos";

/** Every kept attachment under DATA_DIR, as `<inquiry>/<attachment>`. */
export function storedAttachments(dataDir: string): string[] {
  const root = attachmentsDir(dataDir);
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root).flatMap((inquiry) => {
    let names: string[];
    try {
      names = fs.readdirSync(path.join(root, inquiry));
    } catch {
      // Not a directory, or erased with its inquiry since the listing.
      return [];
    }
    return names
      .map((name) => `${inquiry}/${name}`)
      .filter((storedAs) => attachmentPath(dataDir, storedAs) !== null);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Writes a backup of `kind` into `file`: `writeDatabase` dumps the database into the path it is given. */
export async function writeBackup(
  file: string,
  options: {
    kind: BackupKind;
    dataDir: string;
    /** The catalogue's photos, DATA_DIR/catalogue-photos unless CATALOGUE_PHOTOS_DIR says otherwise. */
    photosDir?: string;
    writeDatabase: (target: string) => Promise<void>;
  },
): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  await writeAtomically(file, async (temporary) => {
    // Beside the backup (0700, in the backup's private directory): the same disk, and as private.
    const staging = fs.mkdtempSync(path.join(path.dirname(temporary), ".backup-staging-"));
    try {
      const database = DATABASE_MEMBER[options.kind];
      await options.writeDatabase(path.join(staging, database));
      // Listed after the dump: an attachment's file is written before its row commits, so
      // every row in the dump has its file here. A file whose row came later is kept too
      // (restored, it is an orphan that retention removes).
      const attachments = storedAttachments(options.dataDir);
      const uploads = storedUploads(options.dataDir);
      const photosDir = options.photosDir ?? path.join(options.dataDir, PHOTOS_MEMBER);
      // Staged as copies: the photos' folder can be anywhere, and a tar member's name must not depend on it.
      const photos = copyPhotos(photosDir, path.join(staging, PHOTOS_MEMBER), storedPhotos(photosDir));
      manifest = {
        format: 1,
        kind: options.kind,
        attachments: attachments.length,
        createdAt: new Date().toISOString(),
      };
      fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest), { mode: PRIVATE_FILE_MODE });
      const list = path.join(staging, "attachments.list");
      fs.writeFileSync(
        list,
        [
          ...attachments.map((storedAs) => `attachments/${storedAs}\n`),
          ...uploads.map((name) => `uploads/${name}\n`),
        ].join(""),
      );
      const files =
        attachments.length + uploads.length > 0
          ? [`--directory=${path.resolve(options.dataDir)}`, `--files-from=${list}`]
          : [];
      // The manifest first: readManifest reads it from the start of the file alone. A file
      // erased (with its inquiry) since it was listed is left out, not a failed backup.
      await run("tar", [
        "--create",
        "--gzip",
        "--ignore-failed-read",
        `--file=${temporary}`,
        `--directory=${staging}`,
        MANIFEST,
        database,
        ...(photos > 0 ? [PHOTOS_MEMBER] : []),
        ...files,
      ]);
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  });
  return manifest!;
}

/** Extracts a backup into a private directory under `workDir` (on DATA_DIR's disk, so its files move by rename). */
export async function extractBackup(file: string, manifest: BackupManifest, workDir: string) {
  ensurePrivateDir(workDir);
  const dir = fs.mkdtempSync(path.join(workDir, ".restore-"));
  const dispose = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    // As root, tar would give the files the owner recorded in the archive: keep them this user's.
    await run("tar", [
      "--extract",
      "--gzip",
      `--file=${path.resolve(file)}`,
      `--directory=${dir}`,
      "--no-same-owner",
    ]);
    const databaseFile = path.join(dir, DATABASE_MEMBER[manifest.kind]);
    if (!fs.existsSync(databaseFile)) throw new Error(`${file} holds no ${DATABASE_MEMBER[manifest.kind]}`);
    return {
      manifest,
      databaseFile,
      attachmentsDir: path.join(dir, "attachments"),
      uploadsDir: path.join(dir, "uploads"),
      photosDir: path.join(dir, PHOTOS_MEMBER),
      dispose,
    };
  } catch (error) {
    dispose();
    throw error;
  }
}

/** Replaces DATA_DIR/attachments with a restored backup's files; only names the server would write are taken. */
export function installAttachments(extracted: string, dataDir: string): number {
  const target = attachmentsDir(dataDir);
  fs.rmSync(target, { recursive: true, force: true });
  ensurePrivateDir(target);
  if (!fs.existsSync(extracted)) return 0;
  let installed = 0;
  for (const inquiry of fs.readdirSync(extracted)) {
    for (const name of fs.readdirSync(path.join(extracted, inquiry))) {
      const from = path.join(extracted, inquiry, name);
      const to = attachmentPath(dataDir, `${inquiry}/${name}`);
      if (!to || !fs.lstatSync(from).isFile()) continue;
      if (!fs.existsSync(path.dirname(to))) fs.mkdirSync(path.dirname(to), { mode: PRIVATE_DIR_MODE });
      fs.chmodSync(path.dirname(to), PRIVATE_DIR_MODE);
      fs.renameSync(from, to);
      fs.chmodSync(to, PRIVATE_FILE_MODE);
      installed++;
    }
  }
  return installed;
}

/** Adds a restored backup's photos to `photosDir`: a photo's name is its content, so nothing there is replaced. */
export function installPhotos(extracted: string, photosDir: string): number {
  return fs.existsSync(extracted) ? copyPhotos(extracted, photosDir, storedPhotos(extracted)) : 0;
}

/** Replaces DATA_DIR/uploads with a restored backup's encrypted files; only uuid names are taken. */
export function installUploads(extracted: string, dataDir: string): number {
  const target = uploadsDir(dataDir);
  fs.rmSync(target, { recursive: true, force: true });
  if (!fs.existsSync(extracted)) return 0;
  ensurePrivateDir(target);
  let installed = 0;
  for (const inquiry of fs.readdirSync(extracted).filter((name) => UUID.test(name))) {
    for (const name of fs.readdirSync(path.join(extracted, inquiry)).filter((entry) => UUID.test(entry))) {
      const from = path.join(extracted, inquiry, name);
      if (!fs.lstatSync(from).isFile()) continue;
      const to = uploadPath(dataDir, { inquiryId: inquiry, uploadId: name });
      if (!fs.existsSync(path.dirname(to))) fs.mkdirSync(path.dirname(to), { mode: PRIVATE_DIR_MODE });
      fs.chmodSync(path.dirname(to), PRIVATE_DIR_MODE);
      fs.renameSync(from, to);
      fs.chmodSync(to, PRIVATE_FILE_MODE);
      installed++;
    }
  }
  return installed;
}
