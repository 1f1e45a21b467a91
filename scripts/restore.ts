import fs from "node:fs";
import path from "node:path";
import { fail, parseCommandLine } from "./command-line";

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores a backup from \`npm run backup\` into the database this environment
names (DATABASE_URL, else the embedded database in DATA_DIR), and its
attachment and uploaded files into DATA_DIR, with the server stopped, then
applies this version's newer migrations. The target must be empty; --force
replaces what it holds.`;

const { values, positionals: files } = parseCommandLine(
  USAGE,
  { force: { type: "boolean" } },
  { min: 1, max: 1 },
);
const force = values.force ?? false;

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { RestoreRefusedError, restoreBackup } = await import("~/lib/backup/backup.server");
const { DataDirLockedError } = await import("~/lib/db/data-dir-lock.server");
const { EnvError, getEnv } = await import("~/lib/env.server");
const { photosDir } = await import("~/lib/catalogue/photo-files.server");

try {
  const env = getEnv();
  const { kind, attachments } = await restoreBackup({
    file: files[0]!,
    force,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    photosDir: photosDir(env),
  });
  console.log(`Restored ${files[0]} into ${kind === "postgres" ? "the PostgreSQL database" : env.DATA_DIR}.`);
  if (attachments === null) {
    console.log(
      `This backup is from before backups held the attachment files of received mail: copy the old DATA_DIR/attachments into ${env.DATA_DIR} if you still have it, or the inquiries list attachments whose files are gone.`,
    );
  } else {
    console.log(`Restored ${attachments} attachment file(s) into ${env.DATA_DIR}/attachments.`);
  }
  if (
    kind === "pglite" &&
    !env.BETTER_AUTH_SECRET &&
    !fs.existsSync(path.join(env.DATA_DIR, "auth-secret"))
  ) {
    console.log(
      "The backup holds the database only: copy the old DATA_DIR/auth-secret into DATA_DIR (or set BETTER_AUTH_SECRET to it) before starting, or every session and unused e-mail verification link stops working.",
    );
  }
} catch (error) {
  if (
    error instanceof EnvError ||
    error instanceof DataDirLockedError ||
    error instanceof RestoreRefusedError
  ) {
    fail(error.message);
  }
  fail(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
}
