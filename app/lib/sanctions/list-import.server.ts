import { eq, ne, sql } from "drizzle-orm";
import { sanctionsEntries, sanctionsEntryNames, sanctionsListVersions } from "~db/schema";
import { sanctionsListLimits } from "~/content/sanctions";
import type { Db } from "~/lib/db/db.server";
import { enqueueJob } from "~/lib/jobs/job-queue.server";
import { listNameKeys } from "~/lib/sanctions/name-key";
import { rescreenJob } from "~/lib/sanctions/screening-jobs.server";
import { findCurrentListVersion, type ListVersion } from "~/lib/sanctions/screening.server";
import { parseUkSanctionsList } from "~/lib/sanctions/uk-sanctions-list.server";
import { XmlRefused } from "~/lib/sanctions/xml-scan.server";

export type ImportResult = { status: "imported" | "unchanged"; version: ListVersion };

/** Rows per insert statement: well under Postgres' 65,535 parameters. */
const INSERT_BATCH = 1000;

/**
 * Stores a new version of the list from the file's bytes and queues the re-screening of every inquiry,
 * in one transaction: a file refused (XmlRefused, with a one-line reason) changes nothing, and the
 * version in use stays. The same file again is the version already stored.
 */
export async function importSanctionsList(db: Db, bytes: Uint8Array, source: string): Promise<ImportResult> {
  const list = parseUkSanctionsList(bytes);
  return db.transaction(async (tx) => {
    const [same] = await tx
      .select()
      .from(sanctionsListVersions)
      .where(eq(sanctionsListVersions.sha256, list.sha256));
    if (same) return { status: "unchanged", version: same };
    const current = await findCurrentListVersion(tx);
    if (current && list.entries.length < current.entry_count * sanctionsListLimits.smallestShareOfCurrent) {
      throw new XmlRefused(
        `the file has ${list.entries.length} designations against ${current.entry_count} in the version in use: it looks truncated`,
      );
    }
    const nameCount = list.entries.reduce((sum, entry) => sum + entry.names.length, 0);
    const [version] = await tx
      .insert(sanctionsListVersions)
      .values({
        published_on: list.publishedOn,
        entry_count: list.entries.length,
        name_count: nameCount,
        sha256: list.sha256,
        source,
      })
      .returning();
    for (let start = 0; start < list.entries.length; start += INSERT_BATCH) {
      const batch = list.entries.slice(start, start + INSERT_BATCH);
      const ids = await tx
        .insert(sanctionsEntries)
        .values(
          batch.map((entry) => ({
            version_id: version!.id,
            unique_id: entry.uniqueId,
            kind: entry.kind,
            primary_name: entry.names[0]!.name,
            regime: entry.regime,
            content_hash: entry.contentHash,
          })),
        )
        .returning({ id: sanctionsEntries.id, unique_id: sanctionsEntries.unique_id });
      const idOf = new Map(ids.map((row) => [row.unique_id, row.id]));
      const names = batch.flatMap((entry) =>
        entry.names.flatMap((name) =>
          listNameKeys(name.name).map((key) => ({
            version_id: version!.id,
            entry_id: idOf.get(entry.uniqueId)!,
            name: name.name,
            name_type: name.type,
            match_key: key,
          })),
        ),
      );
      for (let from = 0; from < names.length; from += INSERT_BATCH) {
        await tx.insert(sanctionsEntryNames).values(names.slice(from, from + INSERT_BATCH));
      }
    }
    const latest = await findCurrentListVersion(tx);
    // Only the version in use is matched against, so only its names are kept: screening then needs no
    // filter by version, which the planner would take for the selective condition and walk every name
    // of the version through `%` instead of the trigram index. Entries stay, for the candidates and
    // decisions that name them.
    await tx.delete(sanctionsEntryNames).where(ne(sanctionsEntryNames.version_id, latest!.id));
    // New names wait in the trigram index's pending list, which every search reads whole (tens of
    // thousands of names after an import) until autovacuum merges it, some time later: merged now,
    // a search reads only the posting lists of its key's trigrams.
    await tx.execute(sql`select gin_clean_pending_list('sanctions_entry_names_match_key_idx'::regclass)`);
    // The statistics must describe the names just written before the re-screening plans its statements.
    await tx.execute(sql`analyze sanctions_entry_names`);
    if (latest?.id === version!.id) await enqueueJob(tx, rescreenJob, { versionId: version!.id });
    return { status: "imported", version: version! };
  });
}
