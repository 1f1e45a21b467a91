import { eq, lt, or, sql } from "drizzle-orm";
import {
  privacyErasures,
  rateLimits,
  reportWeekCounts,
  reportWeekFigures,
  reportWeekSources,
} from "~db/schema";
import { pruneRateLimits } from "~/lib/http/rate-limit.server";
import {
  countRows,
  deleteRows,
  notPersonal,
  ownedByAccount,
  personalRows,
} from "~/lib/privacy/declarations/declare-table.server";
import type { Subject, TableDeclaration } from "~/lib/privacy/declarations/types";

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The auth-limits counters keyed by the address. */
function countersOf(subject: Subject) {
  const email = escapeLike(subject.email);
  const key = sql`lower(${rateLimits.key})`;
  return or(
    sql`${key} like ${`auth:%:email:${email}`}`,
    sql`${key} like ${`auth:%:email-slow:${email}`}`,
    sql`${key} like ${`auth:%:email-ip:${email}:%`}`,
  );
}

export const rateLimitsDeclaration = personalRows(
  {
    table: rateLimits,
    exportAs: "rateLimitCounters",
    label: "Rate-limit counters",
    columns: {
      key: rateLimits.key,
      windowStart: rateLimits.window_start,
      count: rateLimits.count,
      expiresAt: rateLimits.expires_at,
    },
  },
  countersOf,
  { kind: "own", periods: ["rateLimitMaxWindowHours"], apply: (tx, { now }) => pruneRateLimits(tx, now) },
);

export const reportWeekCountsDeclaration = notPersonal(
  reportWeekCounts,
  "Counts of inquiries per week by interest, spam, status and channel: numbers and fixed values, never a person.",
);

export const reportWeekSourcesDeclaration = notPersonal(
  reportWeekSources,
  "Counts of inquiries per week by landing page, referring site and campaign. A value stays only while an " +
    "inquiry stored with it does: a trigger takes it away when the inquiry is erased or expires.",
);

export const reportWeekFiguresDeclaration = notPersonal(
  reportWeekFigures,
  "Each week's response times and lost leads by reason, as the reports show them. A lost reason is free " +
    "text: a trigger drops the week's figures in the transaction that erases or expires one of its leads.",
);

/** What stands in for an account that carried out erasures once the account is gone. */
const FORMER_ACCOUNT = "former-account";

export const privacyErasuresDeclaration: TableDeclaration = {
  ...ownedByAccount({
    owner: privacyErasures.erased_by,
    exportAs: "erasuresCarriedOut",
    label: "Erasures carried out",
    // The erased person is never in it; the admin who carried an erasure out is, by user id.
    columns: {
      erasedAt: privacyErasures.erased_at,
      kind: privacyErasures.kind,
      rowCounts: privacyErasures.row_counts,
    },
    retention: {
      kind: "own",
      periods: ["erasureRecordYears"],
      async apply(tx, { now, config }) {
        const cutoff = new Date(now);
        cutoff.setUTCFullYear(cutoff.getUTCFullYear() - config.erasureRecordYears);
        return deleteRows(tx, privacyErasures, lt(privacyErasures.erased_at, cutoff));
      },
    },
  }),
  // The record that an erasure happened stays (accountability); who did it is forgotten.
  erase: async (tx, { userId }) =>
    userId
      ? countRows(
          tx
            .update(privacyErasures)
            .set({ erased_by: FORMER_ACCOUNT })
            .where(eq(privacyErasures.erased_by, userId))
            .returning({ id: privacyErasures.id }),
        )
      : 0,
};
