import type { RetentionConfig } from "./retention";

/*
 * How long customer due diligence records are kept and why, in the words of the privacy notice and of the answer to
 * an erasure request that leaves them (docs/decisions/093-kyc-records-kept-five-years-after-the-relationship.md).
 */

const years = (count: number) => `${count} year${count === 1 ? "" : "s"}`;

/** Why the records stay after an erasure request: shared by the notice and the answer to the request. */
const KYC_KEPT_BASIS =
  "we are not in the regulated sector, so the Money Laundering Regulations 2017 do not bind us, but we keep these records for the period their regulation 40 sets for it, on our legitimate interests: the banks, refiners and counterparties who rely on our checks, and showing, if a claim or an investigation needs it, whom we checked, how and when. Until then the records are still needed for the purpose they were collected for (so UK GDPR Article 17(1)(a) does not apply), and we may need them to establish, exercise or defend legal claims (Article 17(3)(e))";

/** The privacy notice's line on these records, from the one retention configuration. */
export function kycRetentionText(config: Pick<RetentionConfig, "kycRecordYears">): string {
  return `Customer due diligence records (the documents you upload on your page for our identity checks, our team's verdict on each, and the request for them): ${years(config.kycRecordYears)} after our business relationship ends, which is the last activity on the inquiry they belong to, even when the inquiry itself is deleted sooner; then they are deleted. If you ask us to erase them before then, we tell you that we keep them and until when: ${KYC_KEPT_BASIS}.`;
}

/** The answer to an erasure request for each set of records kept. */
export function kycKeptAnswer(kept: readonly { reference: string; keptUntil: Date }[]): string | null {
  if (kept.length === 0) return null;
  const until = kept
    .map(({ reference, keptUntil }) => `${reference} until ${keptUntil.toISOString().slice(0, 10)}`)
    .join(", ");
  return `Customer due diligence records kept (${until}): ${KYC_KEPT_BASIS}.`;
}
