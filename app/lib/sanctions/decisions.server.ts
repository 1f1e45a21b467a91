import { and, desc, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  contactSubmissions,
  sanctionsCandidates,
  sanctionsMatchRecords,
  sanctionsDecisions,
  sanctionsEntries,
  sanctionsListVersions,
  sanctionsScreenings,
  user,
} from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { recordEvent } from "~/lib/inquiries/timeline.server";

export type SanctionsDecision = (typeof sanctionsDecisions.$inferSelect)["decision"];

/**
 * Where an inquiry stands (decision 085): not screened yet; clear; a potential match awaiting an
 * admin; every candidate decided a false positive; or blocked by a confirmed match.
 */
export type SanctionsStatus = "not-screened" | "clear" | "potential-match" | "false-positive" | "blocked";

/** A confirmed match on the inquiry, whatever the list said since: only an admin's record clears it. */
const confirmedOn = (inquiryId: AnyPgColumn | string) =>
  sql`exists (select 1 from ${sanctionsDecisions} d where d.inquiry_id = ${inquiryId} and d.decision = 'confirmed_match')`;

/** A candidate of the inquiry no decision covers: none yet, or one taken on the entry as it was before it changed. */
const openCandidateOn = (inquiryId: AnyPgColumn | string) =>
  sql`exists (select 1 from ${sanctionsCandidates} c where c.inquiry_id = ${inquiryId} and not exists (
    select 1 from ${sanctionsDecisions} d
    where d.inquiry_id = c.inquiry_id and d.entry_unique_id = c.entry_unique_id and d.entry_hash = c.entry_hash))`;

/** The desk's status of the inquiry whose id is `inquiryId` (a column for lists), as SQL. */
export function sanctionsStatusSql(inquiryId: AnyPgColumn) {
  return sql<SanctionsStatus>`case
    when ${confirmedOn(inquiryId)} then 'blocked'
    when ${openCandidateOn(inquiryId)} then 'potential-match'
    when exists (select 1 from ${sanctionsCandidates} c where c.inquiry_id = ${inquiryId}) then 'false-positive'
    when exists (select 1 from ${sanctionsScreenings} s where s.inquiry_id = ${inquiryId}) then 'clear'
    else 'not-screened' end`;
}

/** Refused: a confirmed UK Sanctions List match blocks the inquiry. */
export class InquiryBlockedError extends Error {
  override name = "InquiryBlockedError";
  constructor() {
    super("This lead is blocked by a confirmed UK Sanctions List match: nothing may be sent to them.");
  }
}

/**
 * Whether nothing may go out for the inquiry: no reply, template, KYC link or webhook. True once an
 * admin has confirmed a match on the UK Sanctions List.
 */
export async function isInquiryBlocked(db: Db, inquiryId: string): Promise<boolean> {
  const { rows } = await db.execute<{ blocked: boolean }>(
    sql`select ${confirmedOn(inquiryId)}::boolean as blocked`,
  );
  return rows[0]?.blocked === true;
}

/** What the lead page shows: the screening, each candidate with its entry and the decision on it. */
export async function loadInquirySanctions(db: Db, inquiryId: string) {
  const [screening] = await db
    .select({
      screenedAt: sanctionsScreenings.screened_at,
      publishedOn: sanctionsListVersions.published_on,
    })
    .from(sanctionsScreenings)
    .innerJoin(sanctionsListVersions, eq(sanctionsListVersions.id, sanctionsScreenings.version_id))
    .where(eq(sanctionsScreenings.inquiry_id, inquiryId));
  const candidates = await db
    .select({
      id: sanctionsCandidates.id,
      entryUniqueId: sanctionsCandidates.entry_unique_id,
      entryHash: sanctionsCandidates.entry_hash,
      field: sanctionsCandidates.field,
      matchedName: sanctionsCandidates.matched_name,
      nameType: sanctionsCandidates.name_type,
      score: sanctionsCandidates.score,
      primaryName: sanctionsEntries.primary_name,
      kind: sanctionsEntries.kind,
      regime: sanctionsEntries.regime,
    })
    .from(sanctionsCandidates)
    .innerJoin(sanctionsEntries, eq(sanctionsEntries.id, sanctionsCandidates.entry_id))
    .where(eq(sanctionsCandidates.inquiry_id, inquiryId))
    .orderBy(desc(sanctionsCandidates.score), sanctionsCandidates.entry_unique_id);
  const decisions = await db
    .select({
      entryUniqueId: sanctionsDecisions.entry_unique_id,
      entryHash: sanctionsDecisions.entry_hash,
      decision: sanctionsDecisions.decision,
      reason: sanctionsDecisions.reason,
      decidedAt: sanctionsDecisions.decided_at,
      decidedBy: user.name,
      publishedOn: sanctionsListVersions.published_on,
    })
    .from(sanctionsDecisions)
    .innerJoin(sanctionsListVersions, eq(sanctionsListVersions.id, sanctionsDecisions.version_id))
    .leftJoin(user, eq(user.id, sanctionsDecisions.decided_by))
    .where(eq(sanctionsDecisions.inquiry_id, inquiryId))
    .orderBy(desc(sanctionsDecisions.decided_at));
  const items = candidates.map(({ entryHash, ...candidate }) => {
    const decision = decisions.find((each) => each.entryUniqueId === candidate.entryUniqueId) ?? null;
    return {
      ...candidate,
      decision: decision
        ? {
            decision: decision.decision,
            reason: decision.reason,
            decidedAt: decision.decidedAt,
            decidedBy: decision.decidedBy,
            publishedOn: decision.publishedOn,
          }
        : null,
      /** Decided on the entry as it stood before the list changed it: asked again. */
      entryChanged: decision !== null && decision.entryHash !== entryHash,
    };
  });
  const blocked = decisions.some((decision) => decision.decision === "confirmed_match");
  const status: SanctionsStatus = blocked
    ? "blocked"
    : items.some((item) => !item.decision || item.entryChanged)
      ? "potential-match"
      : items.length > 0
        ? "false-positive"
        : screening
          ? "clear"
          : "not-screened";
  return { status, screening: screening ?? null, candidates: items, decisions };
}

/**
 * Keeps what a confirmed match rests on apart from the inquiry (decision 096): the lead as the desk knew
 * them, the entry, name and score matched, the version and screening, and the decision. It outlives
 * the inquiry's erasure and expiry for sanctionsMatchYears.
 */
async function keepMatchRecord(tx: Db, decisionId: string, candidateId: string, inquiryId: string) {
  await tx.execute(sql`
    insert into ${sanctionsMatchRecords} (decision_id, inquiry_reference, lead_name, lead_company, lead_email,
      entry_unique_id, entry_primary_name, matched_name, score, version_id, screened_at, reason, decided_by, decided_at)
    select d.id, ${formatInquiryReference(inquiryId)}, i.name, i.company, lower(i.email),
      c.entry_unique_id, e.primary_name, c.matched_name, c.score, d.version_id, s.screened_at, d.reason,
      d.decided_by, d.decided_at
    from ${sanctionsDecisions} d
    join ${contactSubmissions} i on i.id = d.inquiry_id
    join ${sanctionsCandidates} c on c.id = ${candidateId}
    join ${sanctionsEntries} e on e.id = c.entry_id
    left join ${sanctionsScreenings} s on s.inquiry_id = d.inquiry_id
    where d.id = ${decisionId}`);
}

/**
 * Records an admin's decision on one candidate of the inquiry, on the entry and version it was
 * found on; "not-found" when the candidate is gone (a re-screening replaced it).
 */
export async function recordSanctionsDecision(
  db: Db,
  input: {
    inquiryId: string;
    candidateId: string;
    decision: SanctionsDecision;
    reason: string;
    actorId: string;
  },
): Promise<"recorded" | "not-found"> {
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select()
      .from(sanctionsCandidates)
      .where(
        and(
          eq(sanctionsCandidates.id, input.candidateId),
          eq(sanctionsCandidates.inquiry_id, input.inquiryId),
        ),
      )
      .for("update");
    if (!candidate) return "not-found";
    const [decision] = await tx
      .insert(sanctionsDecisions)
      .values({
        inquiry_id: input.inquiryId,
        entry_unique_id: candidate.entry_unique_id,
        entry_hash: candidate.entry_hash,
        version_id: candidate.version_id,
        decision: input.decision,
        reason: input.reason,
        decided_by: input.actorId,
      })
      .returning({ id: sanctionsDecisions.id, decidedAt: sanctionsDecisions.decided_at });
    if (input.decision === "confirmed_match")
      await keepMatchRecord(tx, decision!.id, candidate.id, input.inquiryId);
    await recordEvent(tx, {
      inquiryId: input.inquiryId,
      kind: "sanctions-decision",
      actorId: input.actorId,
      details: { decision: input.decision, entry: candidate.entry_unique_id },
    });
    return "recorded";
  });
}

/** The reports' screening figures as they stand: leads screened, awaiting a decision, blocked, and the list in use. */
export async function countSanctionsFigures(db: Db) {
  const { rows } = await db.execute<{
    screened: number;
    awaiting: number;
    blocked: number;
    published_on: string | null;
  }>(sql`select
    (select count(*)::int from ${sanctionsScreenings}) as screened,
    (select count(distinct c.inquiry_id)::int from ${sanctionsCandidates} c
      where not exists (select 1 from ${sanctionsDecisions} d where d.inquiry_id = c.inquiry_id
        and (d.decision = 'confirmed_match' or (d.entry_unique_id = c.entry_unique_id and d.entry_hash = c.entry_hash)))
    ) as awaiting,
    (select count(distinct inquiry_id)::int from ${sanctionsDecisions} where decision = 'confirmed_match') as blocked,
    (select published_on::text from ${sanctionsListVersions} order by published_on desc, imported_at desc limit 1) as published_on`);
  const row = rows[0]!;
  return {
    screened: Number(row.screened),
    awaiting: Number(row.awaiting),
    blocked: Number(row.blocked),
    listPublishedOn: row.published_on,
  };
}
