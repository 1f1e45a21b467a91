import { and, eq, inArray, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import { contactSubmissions, kycDocuments, kycRequests, uploads } from "~db/schema";
import type { RetentionConfig } from "~/content/retention";
import type { Db } from "~/lib/db/db.server";
import { at, deleteRows } from "~/lib/privacy/declarations/declare-table.server";
import { inquiryLastActivity } from "~/lib/privacy/declarations/inquiry-tables.server";
import type { Subject } from "~/lib/privacy/declarations/types";

/*
 * KYC records outlive their inquiry (decision 093): a request the client sent documents for, its documents with the
 * desk's verdicts, and their uploads stay `kycRecordYears` after the business relationship ended, which is the
 * inquiry's last activity. Everything else of the inquiry goes with it.
 */

const documentsOfRequest = sql`select 1 from ${kycDocuments} where ${kycDocuments.request_id} = ${kycRequests.id}`;

/** The day a detached request's records are deleted. */
function kycKeptUntil(relationshipEndedAt: Date, config: Pick<RetentionConfig, "kycRecordYears">): Date {
  const until = new Date(relationshipEndedAt);
  until.setUTCFullYear(until.getUTCFullYear() + config.kycRecordYears);
  return until;
}

/**
 * Before the inquiries `inquiries` picks go: their requests with documents keep the client's name and address and
 * when the relationship ended; requests nobody answered go. Returns how many requests went.
 */
export async function detachKycRecords(tx: Db, inquiries: SQL): Promise<number> {
  const ofInquiries = inArray(
    kycRequests.inquiry_id,
    tx.select({ id: contactSubmissions.id }).from(contactSubmissions).where(inquiries),
  );
  await tx
    .update(kycRequests)
    .set({
      client_email: sql`lower(${contactSubmissions.email})`,
      client_name: sql`${contactSubmissions.name}`,
      relationship_ended_at: sql`${inquiryLastActivity}`,
    })
    .from(contactSubmissions)
    .where(
      and(eq(contactSubmissions.id, kycRequests.inquiry_id), inquiries, sql`exists (${documentsOfRequest})`),
    );
  return deleteRows(tx, kycRequests, and(ofInquiries, sql`not exists (${documentsOfRequest})`));
}

/** Kept requests whose period ended by `now` (their documents cascade). */
export function expiredKycRequests(now: Date, config: RetentionConfig): SQL {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - config.kycRecordYears);
  return and(
    isNotNull(kycRequests.relationship_ended_at),
    lt(kycRequests.relationship_ended_at, at(cutoff)),
  )!;
}

/** A subject's requests: of their inquiries, or kept after them under their address. */
export function requestsOf({ inquiryIds, email }: Subject): SQL {
  const kept = eq(kycRequests.client_email, email);
  return inquiryIds.length > 0 ? or(inArray(kycRequests.inquiry_id, inquiryIds), kept)! : kept;
}

/** Uploads a KYC document still refers to: they stay as long as their request. */
const referenced = sql`exists (select 1 from ${kycDocuments} where ${kycDocuments.upload_id} = ${uploads.id})`;

/** Deletes the uploads `where` picks but those a kept document refers to. */
export const deleteUnkeptUploads = (tx: Db, where: SQL) =>
  deleteRows(tx, uploads, and(where, sql`not ${referenced}`));

/** Uploads whose inquiry is gone. */
export const uploadsWithoutInquiry = sql`not exists (select 1 from ${contactSubmissions} where ${contactSubmissions.id} = ${uploads.inquiry_id})`;

/** The ids of every upload still recorded in the folder of each of `inquiryIds`. */
export async function recordedUploads(db: Db, inquiryIds: string[]): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  if (inquiryIds.length === 0) return found;
  const rows = await db
    .select({ id: uploads.id, inquiryId: uploads.inquiry_id })
    .from(uploads)
    .where(inArray(uploads.inquiry_id, inquiryIds));
  for (const row of rows) found.set(row.inquiryId, (found.get(row.inquiryId) ?? new Set()).add(row.id));
  return found;
}

/** What an erasure request leaves: each kept request's reference and the day it goes. */
export async function keptKycRecords(
  db: Db,
  email: string,
  config: RetentionConfig,
): Promise<{ inquiryId: string; keptUntil: Date }[]> {
  const rows = await db
    .select({ inquiryId: kycRequests.inquiry_id, endedAt: kycRequests.relationship_ended_at })
    .from(kycRequests)
    .where(and(eq(kycRequests.client_email, email), isNotNull(kycRequests.relationship_ended_at)));
  return rows.map((row) => ({ inquiryId: row.inquiryId, keptUntil: kycKeptUntil(row.endedAt!, config) }));
}
