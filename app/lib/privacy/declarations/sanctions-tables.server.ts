import { eq, lt } from "drizzle-orm";
import {
  sanctionsCandidates,
  sanctionsMatchRecords,
  sanctionsDecisions,
  sanctionsEntries,
  sanctionsEntryNames,
  sanctionsListVersions,
  sanctionsScreenings,
} from "~db/schema";
import {
  deleteRows,
  forgetActor,
  notPersonal,
  ofInquiries,
  personalRows,
} from "~/lib/privacy/declarations/declare-table.server";
import type { TableDeclaration } from "~/lib/privacy/declarations/types";

const LIST =
  "The UK Sanctions List as the FCDO publishes it: the names of designated persons, entities and ships, " +
  "never a lead or an account. Kept as the record of the list each screening and decision was made on.";

export const sanctionsListVersionsDeclaration = notPersonal(sanctionsListVersions, LIST);
export const sanctionsEntriesDeclaration = notPersonal(sanctionsEntries, LIST);
export const sanctionsEntryNamesDeclaration = notPersonal(sanctionsEntryNames, LIST);

export const sanctionsScreeningsDeclaration = ofInquiries({
  inquiry: sanctionsScreenings.inquiry_id,
  exportAs: "sanctionsScreenings",
  label: "Screenings against the UK Sanctions List",
  columns: {
    inquiryId: sanctionsScreenings.inquiry_id,
    screenedAt: sanctionsScreenings.screened_at,
    candidates: sanctionsScreenings.candidate_count,
  },
  orderBy: sanctionsScreenings.screened_at,
});

export const sanctionsCandidatesDeclaration = ofInquiries({
  inquiry: sanctionsCandidates.inquiry_id,
  exportAs: "sanctionsPotentialMatches",
  label: "Possible matches found on the UK Sanctions List",
  columns: {
    inquiryId: sanctionsCandidates.inquiry_id,
    field: sanctionsCandidates.field,
    listEntry: sanctionsCandidates.entry_unique_id,
    listName: sanctionsCandidates.matched_name,
    score: sanctionsCandidates.score,
  },
  orderBy: sanctionsCandidates.entry_unique_id,
});

export const sanctionsDecisionsDeclaration: TableDeclaration = ofInquiries({
  inquiry: sanctionsDecisions.inquiry_id,
  actors: ["decided_by"],
  exportAs: "sanctionsDecisions",
  label: "Decisions on possible UK Sanctions List matches",
  columns: {
    inquiryId: sanctionsDecisions.inquiry_id,
    listEntry: sanctionsDecisions.entry_unique_id,
    decision: sanctionsDecisions.decision,
    reason: sanctionsDecisions.reason,
    decidedAt: sanctionsDecisions.decided_at,
  },
  orderBy: sanctionsDecisions.decided_at,
});

/**
 * A confirmed match as kept apart from its inquiry (decision 096): exported to the lead, never erased on
 * request (UK GDPR Article 17(3)(b) and (e): a legal obligation, and legal claims), deleted
 * sanctionsMatchYears after the decision. An admin who leaves is forgotten as the one who decided.
 */
const matchRecords = personalRows(
  {
    table: sanctionsMatchRecords,
    exportAs: "sanctionsConfirmedMatches",
    label: "Confirmed UK Sanctions List matches, kept for the period the law requires",
    columns: {
      inquiryReference: sanctionsMatchRecords.inquiry_reference,
      name: sanctionsMatchRecords.lead_name,
      company: sanctionsMatchRecords.lead_company,
      listEntry: sanctionsMatchRecords.entry_unique_id,
      listName: sanctionsMatchRecords.matched_name,
      score: sanctionsMatchRecords.score,
      reason: sanctionsMatchRecords.reason,
      decidedAt: sanctionsMatchRecords.decided_at,
    },
    orderBy: sanctionsMatchRecords.decided_at,
  },
  ({ email }) => eq(sanctionsMatchRecords.lead_email, email),
  {
    kind: "own",
    periods: ["sanctionsMatchYears"],
    async apply(tx, { now, config }) {
      const cutoff = new Date(now);
      cutoff.setUTCFullYear(cutoff.getUTCFullYear() - config.sanctionsMatchYears);
      return deleteRows(tx, sanctionsMatchRecords, lt(sanctionsMatchRecords.decided_at, cutoff));
    },
  },
);

export const sanctionsMatchRecordsDeclaration: TableDeclaration = {
  ...matchRecords,
  erase: async (tx, { userId }) =>
    userId ? forgetActor(tx, sanctionsMatchRecords, ["decided_by"], userId) : 0,
};
