import path from "node:path";
import { fail, parseCommandLine } from "./command-line";

const USAGE = `Usage: npm run rotate-upload-key

Re-encrypts every uploaded document under DATA_DIR/uploads, and every received
attachment and WhatsApp file under DATA_DIR/attachments that the database
records as encrypted, from the key in UPLOAD_KEY to the key in NEW_UPLOAD_KEY
(32 bytes in base64, e.g. openssl rand -base64 32), one file at a time: each
file is written anew beside
itself and renamed over the old one, so it is always whole under one key or
the other. Run it again after an interruption: files the new key already opens
are skipped. Stop every server first (they hold the old key), then set
UPLOAD_KEY to the new key on every instance and start them. Files neither key
opens are listed and left as they are (exit code 1). docs/operations.md has the
whole procedure.`;

parseCommandLine(USAGE, {}, { min: 0, max: 0 });

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { acquireDataDirLock, DataDirLockedError } = await import("~/lib/db/data-dir-lock.server");
const { databaseOptionsFromEnv, openDatabase } = await import("~/lib/db/db.server");
const { EnvError, parseEnv } = await import("~/lib/env.server");
const { encryptedAttachmentFiles } = await import("~/lib/conversation/attachment-files.server");
const { rotateUploadKey } = await import("~/lib/uploads/upload-files.server");

let keys: { dataDir: string; oldKey: Buffer; newKey: Buffer; env: ReturnType<typeof parseEnv> };
try {
  // Both keys through the setting's own check, so a mistyped key is refused before any file is touched.
  const current = parseEnv(process.env);
  const next = parseEnv({ ...process.env, UPLOAD_KEY: process.env.NEW_UPLOAD_KEY });
  if (!current.UPLOAD_KEY)
    fail("UPLOAD_KEY is not set: it must hold the key the files are encrypted with now.");
  if (!next.UPLOAD_KEY) fail("NEW_UPLOAD_KEY is not set: it must hold the key to encrypt the files with.");
  if (current.UPLOAD_KEY.equals(next.UPLOAD_KEY))
    fail("NEW_UPLOAD_KEY is the key in use: nothing to rotate.");
  keys = {
    dataDir: path.resolve(current.DATA_DIR),
    oldKey: current.UPLOAD_KEY,
    newKey: next.UPLOAD_KEY,
    env: current,
  };
} catch (error) {
  if (error instanceof EnvError) fail(error.message.replace("UPLOAD_KEY", "UPLOAD_KEY or NEW_UPLOAD_KEY"));
  throw error;
}

// On the embedded database a running server holds the data directory's lock, which opening the database takes
// (and on PostgreSQL the lock keeps a second rotation out): its refusal says the server is still up.
// A database behind this release is left to a server's start, which takes a backup before it migrates.
class MigrationsPending extends Error {}
let release: () => void;
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  const options = databaseOptionsFromEnv(keys.env);
  database = await openDatabase({
    ...options,
    beforeMigrations: () => Promise.reject(new MigrationsPending()),
  });
  release = options.kind === "postgres" ? acquireDataDirLock(keys.dataDir) : () => {};
} catch (error) {
  if (error instanceof DataDirLockedError)
    fail(`${error.message}\nStop every server before rotating the key.`);
  if (error instanceof MigrationsPending)
    fail(
      "The database has migrations this release has not applied: start a server once, stop it, then rotate.",
    );
  throw error;
}
try {
  // The attachments kept plain before UPLOAD_KEY was set stay plain: their rows say so, and they are not listed.
  const attachments = await encryptedAttachmentFiles(database.db, keys.dataDir);
  const outcome = await rotateUploadKey(keys.dataDir, keys.oldKey, keys.newKey, attachments);
  console.log(
    `${outcome.rotated} stored files (uploads and attachments) re-encrypted under the new key` +
      (outcome.alreadyNew > 0 ? `, ${outcome.alreadyNew} already under it` : "") +
      ". Now set UPLOAD_KEY to the new key on every instance and start them.",
  );
  if (outcome.unreadable.length > 0) {
    console.error(`${outcome.unreadable.length} files open with neither key and were left as they are:`);
    for (const file of outcome.unreadable) console.error(`  ${file}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
  release();
}
