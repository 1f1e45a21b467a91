import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const MIGRATIONS = path.join(import.meta.dirname, "../../db/migrations");

interface Journal {
  entries: { tag: string }[];
}

/** The committed migrations' tags, oldest first. */
export function migrationTags(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as Journal;
  return journal.entries.map((entry) => entry.tag);
}

/**
 * A copy of db/migrations that ends at `lastTag`: opening a new database
 * with it (`openDatabase({ kind: "pglite", dataDir, migrationsFolder })`)
 * gives the schema an older version left, which a later open with the
 * committed migrations brings up to date. Returns the folder and its removal.
 */
export function olderMigrations(lastTag: string): { folder: string; remove(): void } {
  const tags = migrationTags();
  const end = tags.indexOf(lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as Journal;
  journal.entries = journal.entries.slice(0, end + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}
