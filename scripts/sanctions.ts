import fs from "node:fs";
import { fail, parseCommandLine } from "./command-line";

const USAGE = `Usage:
  npm run sanctions -- import <file>   import a UK Sanctions List file (the FCDO's XML format) as a
                                       new version; every inquiry is screened against it again
  npm run sanctions -- versions        list the imported versions, the one in use first

A file that is not the list, is truncated or is over the size limit is refused with its
reason, and the version in use stays. The same file again changes nothing.
Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data),
which only works while the server is stopped.`;

const { positionals } = parseCommandLine(USAGE, {}, { min: 1, max: 2 });
const [command, file] = positionals;
if (!((command === "import" && file) || (command === "versions" && !file))) fail(USAGE);

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { DataDirLockedError } = await import("~/lib/db/data-dir-lock.server");
const { databaseOptionsFromEnv, openDatabase } = await import("~/lib/db/db.server");
const { EnvError, getEnv } = await import("~/lib/env.server");
const { importSanctionsList } = await import("~/lib/sanctions/list-import.server");
const { listVersions } = await import("~/lib/sanctions/screening.server");
const { XmlRefused } = await import("~/lib/sanctions/xml-scan.server");
const { sanctionsListLimits } = await import("~/content/sanctions");

let database;
try {
  database = await openDatabase(databaseOptionsFromEnv(getEnv()));
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) fail(error.message);
  throw error;
}

try {
  if (command === "import") {
    let bytes: Uint8Array;
    try {
      const size = fs.statSync(file!).size;
      if (size > sanctionsListLimits.fileBytes) {
        fail(`Refused ${file}: the file is over ${sanctionsListLimits.fileBytes / 1024 / 1024} MB.`);
      }
      bytes = fs.readFileSync(file!);
    } catch (error) {
      fail(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
    }
    try {
      const { status, version } = await importSanctionsList(database.db, bytes, "file");
      console.log(
        status === "imported"
          ? `Imported the list published ${version.published_on}: ${version.entry_count} designations, ${version.name_count} names. Every inquiry will be screened against it.`
          : `This file is the version published ${version.published_on}, imported ${version.imported_at.toISOString()}: nothing changed.`,
      );
    } catch (error) {
      if (error instanceof XmlRefused) fail(`Refused ${file}: ${error.message}. The version in use stays.`);
      throw error;
    }
  } else {
    const versions = await listVersions(database.db);
    if (versions.length === 0) console.log("No version imported.");
    for (const version of versions) {
      console.log(
        `${version.published_on}\t${version.entry_count} designations\t${version.name_count} names\timported ${version.imported_at.toISOString()}\t${version.source}`,
      );
    }
  }
} finally {
  await database.close();
}
