/**
 * Option values for the inquiry form. The value tuples are `as const` so the
 * form schema can build enums from them (e.g. z.enum(INTEREST_VALUES)).
 */

export const INTEREST_VALUES = [
  "gold-buying",
  "gold-selling",
  "equipment-rental",
  "equipment-purchase",
  "licensing-support",
  "consultation",
] as const;

export type Interest = (typeof INTEREST_VALUES)[number];

export const INTEREST_LABELS: Record<Interest, string> = {
  "gold-buying": "Gold Buying",
  "gold-selling": "Gold Selling",
  "equipment-rental": "Equipment Rental",
  "equipment-purchase": "Equipment Purchase",
  "licensing-support": "Licensing Support",
  consultation: "Consultation",
};

export const DEAL_SIZE_VALUES = [
  "under-100k",
  "100k-500k",
  "500k-1m",
  "1m-5m",
  "over-5m",
  "confidential",
] as const;

type DealSize = (typeof DEAL_SIZE_VALUES)[number];

export const DEAL_SIZE_LABELS: Record<DealSize, string> = {
  "under-100k": "Under $100,000",
  "100k-500k": "$100,000 – $500,000",
  "500k-1m": "$500,000 – $1 million",
  "1m-5m": "$1 million – $5 million",
  "over-5m": "Over $5 million",
  confidential: "Prefer to discuss",
};

export const interestOptions: readonly { value: Interest; label: string }[] = INTEREST_VALUES.map(
  (value) => ({ value, label: INTEREST_LABELS[value] }),
);

export const dealSizeOptions: readonly { value: DealSize; label: string }[] = DEAL_SIZE_VALUES.map(
  (value) => ({ value, label: DEAL_SIZE_LABELS[value] }),
);

export function isInterest(value: string): value is Interest {
  return (INTEREST_VALUES as readonly string[]).includes(value);
}

export function isDealSize(value: string): value is DealSize {
  return (DEAL_SIZE_VALUES as readonly string[]).includes(value);
}

/** Contact link that preselects an area of interest, e.g. /contact?interest=consultation. */
export function contactHref(interest?: Interest): string {
  return interest ? `/contact?interest=${interest}` : "/contact";
}
