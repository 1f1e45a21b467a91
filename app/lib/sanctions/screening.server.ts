import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { contactSubmissions, kycDocuments, kycRequests, sanctionsListVersions } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { nameKey } from "~/lib/sanctions/name-key";

export type ListVersion = typeof sanctionsListVersions.$inferSelect;

/** The version screening uses: the latest published, then the latest imported. Null before any import. */
export async function findCurrentListVersion(db: Db): Promise<ListVersion | null> {
  const [row] = await db
    .select()
    .from(sanctionsListVersions)
    .orderBy(desc(sanctionsListVersions.published_on), desc(sanctionsListVersions.imported_at))
    .limit(1);
  return row ?? null;
}

/**
 * Screens the inquiries `inquiryIds` against `versionId`: each one's name and company, and the names the desk
 * read off its accepted KYC documents, by the trigram
 * similarity of their keys to every list name's (decision 085), at `threshold` or above. Replaces what
 * their last screening found, in one transaction; per entry, the best-scoring name is kept.
 */
export async function screenInquiries(
  db: Db,
  inquiryIds: readonly string[],
  versionId: string,
  threshold: number,
): Promise<number> {
  if (inquiryIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    // Each screening replaces the last one's candidates, so two of the same lead at once (on arrival and by
    // a new version) must take turns, or both delete before either inserts and the lead's candidates double.
    // Advisory locks, taken in one order, leave the lead's own row free for the desk meanwhile.
    await tx.execute(sql`
      select pg_advisory_xact_lock(k) from (
        select hashtextextended('sanctions-screening:' || id, 0) as k
        from unnest(${`{${[...inquiryIds].join(",")}}`}::uuid[]) as id order by k
      ) as locks`);
    const inquiries = await tx
      .select({
        id: contactSubmissions.id,
        name: contactSubmissions.name,
        company: contactSubmissions.company,
      })
      .from(contactSubmissions)
      .where(inArray(contactSubmissions.id, [...inquiryIds]));
    if (inquiries.length === 0) return 0;
    const documentNames = await tx
      .select({ id: kycRequests.inquiry_id, name: kycDocuments.holder_name })
      .from(kycDocuments)
      .innerJoin(kycRequests, eq(kycRequests.id, kycDocuments.request_id))
      .where(
        and(
          inArray(kycRequests.inquiry_id, [...inquiryIds]),
          eq(kycDocuments.review, "accepted"),
          isNotNull(kycDocuments.holder_name),
        ),
      );
    const probes = [
      ...inquiries.flatMap((inquiry) => [
        { id: inquiry.id, field: "name", value: inquiry.name },
        { id: inquiry.id, field: "company", value: inquiry.company },
      ]),
      ...documentNames.map((named) => ({ id: named.id, field: "kyc", value: named.name })),
    ]
      .map(({ id, field, value }) => ({ inquiry_id: id, field, key: value ? nameKey(value) : "" }))
      .filter((probe) => probe.key.length > 0);
    // `%` reads its threshold from this setting, for this transaction only; the GIN index serves it.
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true)`);
    const ids = inquiries.map((inquiry) => inquiry.id);
    // One statement finds the candidates, replaces the last screening's and records this one: a lead's
    // screening is a handful of round trips, whatever it finds. The names table holds only the version in
    // use (the import keeps no other), so no filter by version stands between `%` and its index.
    const { rows } = await tx.execute<{ found: number }>(sql`
      with found as (
        select distinct on (q.inquiry_id, e.id)
          q.inquiry_id, q.field, e.id as entry_id, e.unique_id, e.content_hash,
          n.name as matched_name, n.name_type, similarity(n.match_key, q.key) as score
        from jsonb_to_recordset(${JSON.stringify(probes)}::jsonb) as q(inquiry_id uuid, field text, key text)
        cross join lateral (
          select entry_id, name, name_type, match_key from sanctions_entry_names where match_key % q.key
        ) as n
        join sanctions_entries e on e.id = n.entry_id
        order by q.inquiry_id, e.id, similarity(n.match_key, q.key) desc
      ),
      cleared as (
        delete from sanctions_candidates where inquiry_id = any(${`{${ids.join(",")}}`}::uuid[])
      ),
      stored as (
        insert into sanctions_candidates
          (inquiry_id, version_id, entry_id, entry_unique_id, entry_hash, field, matched_name, name_type, score)
        select inquiry_id, ${versionId}, entry_id, unique_id, content_hash, field, matched_name, name_type, score
        from found
      ),
      screened as (
        insert into sanctions_screenings (inquiry_id, version_id, candidate_count)
        select id, ${versionId}, (select count(*) from found where found.inquiry_id = id)
        from unnest(${`{${ids.join(",")}}`}::uuid[]) as id
        on conflict (inquiry_id) do update set
          version_id = excluded.version_id, screened_at = now(), candidate_count = excluded.candidate_count
      )
      select count(*)::int as found from found`);
    return rows[0]?.found ?? 0;
  });
}

/** Every imported version, the one in use first. */
export function listVersions(db: Db): Promise<ListVersion[]> {
  return db
    .select()
    .from(sanctionsListVersions)
    .orderBy(desc(sanctionsListVersions.published_on), desc(sanctionsListVersions.imported_at));
}
