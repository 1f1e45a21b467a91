import { eq, getTableName, sql } from "drizzle-orm";
import { contactSubmissions, privacyErasures, user } from "~db/schema";
import { retention } from "~/content/retention";
import { type AppContext, databaseContext, envContext } from "~/lib/context.server";
import type { Db } from "~/lib/db/db.server";
import { fileDeclarations, tableDeclarations } from "~/lib/privacy/declarations/index.server";
import type { ErasureScope, StorageDirs, Subject } from "~/lib/privacy/declarations/types";
import { LEFT_OUT_NOTICE } from "~/lib/privacy/redact-mail";
import { kycKeptAnswer } from "~/content/kyc-retention";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { keptKycRecords } from "~/lib/privacy/declarations/kyc-records.server";

export type { ErasureScope, StorageDirs } from "~/lib/privacy/declarations/types";

/* Everything held about one address, and its erasure, only ever read from the declarations. */

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Where the declared files live, from the configuration. */
export function storageDirsOf(context: AppContext): StorageDirs {
  const env = context.get(envContext);
  return { dataDir: env.DATA_DIR, backupDir: env.BACKUP_DIR };
}

const personalDeclarations = () =>
  [...tableDeclarations, ...fileDeclarations].flatMap((declaration) =>
    declaration.personal ? [declaration] : [],
  );

/** Who the address belongs to: their account and, for a rights request, their inquiries. */
async function resolveSubject(db: Db, rawEmail: string, scope: ErasureScope): Promise<Subject> {
  const email = normalizeEmail(rawEmail);
  const [found] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`)
    .limit(1);
  const inquiries =
    scope === "account"
      ? []
      : await db
          .select({ id: contactSubmissions.id })
          .from(contactSubmissions)
          .where(sql`lower(${contactSubmissions.email}) = ${email}`)
          .orderBy(contactSubmissions.created_at);
  return { email, userId: found?.id ?? null, inquiryIds: inquiries.map((row) => row.id), scope };
}

/** Each declared part by its export key, e.g. { inquiries: [...], sessions: [...] }. */
type PersonalDataParts = Record<string, Record<string, unknown>[]>;

interface PersonalData {
  email: string;
  parts: PersonalDataParts;
}

/** Scope "account": the account's own data only (an account holder's download), no inquiries. */
export async function findPersonalData(
  db: Db,
  rawEmail: string,
  scope: ErasureScope = "all",
  dirs: StorageDirs = {},
): Promise<PersonalData> {
  const subject = await resolveSubject(db, rawEmail, scope);
  const parts: PersonalDataParts = {};
  for (const declaration of personalDeclarations()) {
    parts[declaration.exportAs] = await declaration.find(db, subject, dirs);
  }
  return { email: subject.email, parts };
}

/** How many records of each declared part: what the confirmation shows and the logs record. */
export function countPersonalData(data: PersonalData): Record<string, number> {
  return Object.fromEntries(Object.entries(data.parts).map(([key, rows]) => [key, rows.length]));
}

/** The dashboard's label of each part, in declaration order. */
export const PERSONAL_DATA_LABELS: readonly { key: string; label: string }[] = personalDeclarations().map(
  (declaration) => ({ key: declaration.exportAs, label: declaration.label }),
);

/** The file an account holder or an admin downloads: the parts, and what was left out and why. */
export async function exportPersonalData(
  db: Db,
  rawEmail: string,
  scope: ErasureScope,
  dirs: StorageDirs = {},
): Promise<Record<string, unknown> & { exportedAt: Date }> {
  const found = await findPersonalData(db, rawEmail, scope, dirs);
  return {
    exportedAt: new Date(),
    email: found.email,
    leftOut: `${LEFT_OUT_NOTICE} Secrets (password hashes, session tokens, authenticator secrets and backup codes) are never exported.`,
    backups: `Backups of the database may hold copies of these records; every backup is deleted at the latest ${retention.backupDays} days after it was taken.`,
    ...found.parts,
  };
}

/** The export as a JSON download, named `<name>-<date>.json`. */
export async function personalDataDownload(
  context: AppContext,
  email: string,
  scope: ErasureScope,
  name: string,
) {
  const { db } = context.get(databaseContext);
  const exported = await exportPersonalData(db, email, scope, storageDirsOf(context));
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${exported.exportedAt.toISOString().slice(0, 10)}.json"`,
    },
  });
}

interface ErasureRecord {
  erasedBy: string;
  kind: "rights-request" | "account-deletion";
}

/**
 * Erases what the declarations find (the inquiries only in scope "all"),
 * tables in one transaction that also records that the erasure happened:
 * when, by whom, how many rows per table. Files go after it commits, so a
 * failed erasure leaves them for the retry. Returns the counts.
 */
export async function erasePersonalData(
  db: Db,
  rawEmail: string,
  scope: ErasureScope,
  record: ErasureRecord,
  dirs: StorageDirs = {},
): Promise<Record<string, number>> {
  const { subject, counts, recordId } = await db.transaction(async (tx) => {
    const subject = await resolveSubject(tx, rawEmail, scope);
    const counts: Record<string, number> = {};
    for (const declaration of tableDeclarations) {
      if (declaration.personal)
        counts[getTableName(declaration.table)] = await declaration.erase(tx, subject, dirs);
    }
    const [row] = await tx
      .insert(privacyErasures)
      .values({ erased_by: record.erasedBy, kind: record.kind, row_counts: counts })
      .returning({ id: privacyErasures.id });
    return { subject, counts, recordId: row!.id };
  });
  for (const declaration of fileDeclarations) {
    if (declaration.personal) counts[declaration.name] = await declaration.erase(db, subject, dirs);
  }
  await db.update(privacyErasures).set({ row_counts: counts }).where(eq(privacyErasures.id, recordId));
  return counts;
}

/**
 * What an erasure request leaves for the address, and the basis for keeping it, in the words the requester is
 * answered with; null when nothing is kept.
 */
export async function keptAfterErasure(db: Db, rawEmail: string): Promise<string | null> {
  const kept = await keptKycRecords(db, normalizeEmail(rawEmail), retention);
  return kycKeptAnswer(
    kept.map(({ inquiryId, keptUntil }) => ({ reference: formatInquiryReference(inquiryId), keptUntil })),
  );
}
