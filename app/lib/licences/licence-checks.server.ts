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

/** One licence, however its number was typed: a later check of it overrides an earlier one. */
const licenceKey = (check: { licenceType: string; licenceNumber: string }) =>
  `${check.licenceType}|${check.licenceNumber.replace(/\s+/g, "").toUpperCase()}`;

/**
 * The check, as SQL on `licence_checks`, is the latest of its licence on its inquiry: a newer mismatch or
 * failed check of the same licence overrides an older valid one, so only the latest can verify it.
 */
export const latestCheckOfItsLicence = sql`not exists (
  select 1 from ${licenceChecks} as newer
  where newer.inquiry_id = ${licenceChecks.inquiry_id}
    and newer.licence_type = ${licenceChecks.licence_type}
    and upper(regexp_replace(newer.licence_number, '\s+', '', 'g'))
      = upper(regexp_replace(${licenceChecks.licence_number}, '\s+', '', 'g'))
    and (newer.checked_on, newer.created_at) > (${licenceChecks.checked_on}, ${licenceChecks.created_at}))`;

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

/**
 * What the lead page shows: every check, newest first, and whether a licence is verified today: the
 * latest check of some licence verifies it.
 */
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
  const seen = new Set<string>();
  const latest = checks.filter((check) => !seen.has(licenceKey(check)) && seen.add(licenceKey(check)));
  const verifying = latest.filter((check) => verifiesLicenceOn(check, today));
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
    where ${licenceChecks.result} = 'valid' and ${licenceChecks.expires_on} >= ${today}::date
      and ${latestCheckOfItsLicence}`);
  const row = rows[0];
  return {
    verified: Number(row?.verified ?? 0),
    expiring: Number(row?.expiring ?? 0),
    withinDays: LICENCE_EXPIRY_REMINDER_DAYS,
  };
}
