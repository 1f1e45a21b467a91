import { desc, eq, sql } from "drizzle-orm";
import { licenceChecks, user } from "~db/schema";
import { LICENCE_EXPIRY_REMINDER_DAYS } from "~/content/licence-checks";
import type { LicenceCheckInput } from "~/forms/licence-checks";
import type { Db } from "~/lib/db/db.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";

/**
 * Whether a check verifies its licence on `today` (a UK date, YYYY-MM-DD): the register showed it
 * valid and its expiry date, the licence's last day, has not passed.
 */
export function verifiesLicenceOn(
  check: { result: string; expiresOn: string | null },
  today: string,
): boolean {
  return check.result === "valid" && check.expiresOn !== null && check.expiresOn >= today;
}

/** Records an admin's check of a licence on the inquiry, with its timeline event. */
export async function recordLicenceCheck(
  db: Db,
  input: Omit<LicenceCheckInput, "intent" | "id"> & { inquiryId: string; actorId: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(licenceChecks)
      .values({
        inquiry_id: input.inquiryId,
        licence_type: input.licenceType,
        licence_number: input.licenceNumber,
        holder: input.holder,
        register: input.register,
        checked_on: input.checkedOn,
        checked_by: input.actorId,
        result: input.result,
        expires_on: input.expiresOn ?? null,
        notes: input.notes ?? null,
      })
      .returning({ id: licenceChecks.id });
    await recordEvent(tx, {
      inquiryId: input.inquiryId,
      kind: "licence-checked",
      actorId: input.actorId,
      details: { licenceType: input.licenceType, result: input.result },
    });
    return row!.id;
  });
}

/** What the lead page shows: every check, newest first, and whether one verifies a licence today. */
export async function loadInquiryLicenceChecks(db: Db, inquiryId: string, today: string) {
  const checks = await db
    .select({
      id: licenceChecks.id,
      licenceType: licenceChecks.licence_type,
      licenceNumber: licenceChecks.licence_number,
      holder: licenceChecks.holder,
      register: licenceChecks.register,
      checkedOn: licenceChecks.checked_on,
      checkedBy: user.name,
      result: licenceChecks.result,
      expiresOn: licenceChecks.expires_on,
      notes: licenceChecks.notes,
    })
    .from(licenceChecks)
    .leftJoin(user, eq(user.id, licenceChecks.checked_by))
    .where(eq(licenceChecks.inquiry_id, inquiryId))
    .orderBy(desc(licenceChecks.checked_on), desc(licenceChecks.created_at));
  const verifying = checks.filter((check) => verifiesLicenceOn(check, today));
  const verifiedUntil = verifying.reduce<string | null>(
    (latest, check) => (latest === null || check.expiresOn! > latest ? check.expiresOn : latest),
    null,
  );
  return { checks, verified: verifying.length > 0, verifiedUntil };
}

/**
 * The reports' licence figures on `today` (a UK date): leads with a licence verified, and those whose
 * verified licence expires within LICENCE_EXPIRY_REMINDER_DAYS, the reminder's window.
 */
export async function countLicenceFigures(db: Db, today: string) {
  const { rows } = await db.execute<{ verified: number; expiring: number }>(sql`select
    count(distinct ${licenceChecks.inquiry_id})::int as verified,
    count(distinct ${licenceChecks.inquiry_id}) filter (
      where ${licenceChecks.expires_on} <= ${today}::date + ${LICENCE_EXPIRY_REMINDER_DAYS}::int)::int as expiring
    from ${licenceChecks}
    where ${licenceChecks.result} = 'valid' and ${licenceChecks.expires_on} >= ${today}::date`);
  const row = rows[0];
  return {
    verified: Number(row?.verified ?? 0),
    expiring: Number(row?.expiring ?? 0),
    withinDays: LICENCE_EXPIRY_REMINDER_DAYS,
  };
}
