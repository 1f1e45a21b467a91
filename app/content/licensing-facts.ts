/**
 * Licence terms and processing times, stated once (sources in docs/decisions/032). The processing
 * times are our experience: L.I. 2176 sets deadlines for single steps, not from application to grant.
 */

export const LICENCE_TERMS = {
  smallScale: "3-5 years, renewable",
  /** A ceiling only: nothing we read sets a minimum term for a mining lease. */
  miningLease: "30 years maximum, renewable",
  reconnaissance: "Up to 12 months, renewable once for up to 12 months",
} as const;

/** From submission of a complete application to grant, typically. */
export const PROCESSING_TIMES = {
  smallScale: "6-12 months",
  miningLease: "12-24 months",
  reconnaissance: "3-6 months",
} as const;

export const processingTimesSentence =
  `From submission of a complete application to grant, small-scale licences typically take ${PROCESSING_TIMES.smallScale}, ` +
  `mining leases ${PROCESSING_TIMES.miningLease} and reconnaissance licences ${PROCESSING_TIMES.reconnaissance}, ` +
  "depending on the authorities and the environmental permitting required.";

/** Review and grant take the per-licence processing times above, so they give no figure in weeks. */
export const APPLICATION_STAGE_TIMEFRAMES = {
  preliminaryAssessment: "2-4 weeks",
  documentPreparation: "8-16 weeks",
  submission: "1-2 weeks",
  regulatoryReview: `${PROCESSING_TIMES.reconnaissance} (reconnaissance) to ${PROCESSING_TIMES.miningLease} (mining lease), including grant`,
  approvalAndGrant: "Included in the review period",
  complianceSetup: "4-8 weeks",
} as const;

/** The reform of Act 703 announced in August 2025 is not enacted as far as we could confirm (docs/decisions/032). */
export const ACT_703_REFORM_NOTE =
  "A reform of the Minerals and Mining Act for new grants is pending: the Government has announced mining leases of at most 15 years and prospecting licences of at most nine years in all. The terms shown are those of the Act as it stands; check the current terms with the Minerals Commission before you rely on them.";

/** Why a licence must be checked at the Minerals Commission: its status can change after grant. */
export const licenceStatusPoints = [
  "In March 2025 the Minister for Lands and Natural Resources revoked the small-scale mining licences granted from 7 December 2024, after a review found that due process had not been followed.",
  "Mining in forest reserves is banned: the Environmental Protection (Mining in Forest Reserves) Regulations, 2022 (L.I. 2462), which had allowed it in exceptional cases, were revoked in late 2025.",
  ACT_703_REFORM_NOTE,
] as const;
