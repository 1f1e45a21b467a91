/**
 * A machine's rate card and the texts the pages show of it. Whole US
 * dollars; a missing rate is a period not offered.
 */
export const HIRE_UNITS = ["day", "week", "month"] as const;
type HireUnit = (typeof HIRE_UNITS)[number];

export interface RateCard {
  dayRateUsd: number | null;
  weekRateUsd: number | null;
  monthRateUsd: number | null;
  /** Operating hours a day's rate includes. */
  hoursPerDay: number | null;
  minimumHire: { count: number; unit: HireUnit };
}

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}

/** The spec's rental text: '$850/day', or 'N/A' when the machine is not let. */
export function rentalPriceText(card: Pick<RateCard, "dayRateUsd">): string {
  return card.dayRateUsd === null ? "N/A" : `${formatUsd(card.dayRateUsd)}/day`;
}

/** The spec's sale text: '$185,000', or 'Contact for Price'. */
export function salePriceText(salePriceUsd: number | null): string {
  return salePriceUsd === null ? "Contact for Price" : formatUsd(salePriceUsd);
}

/** 'one week', 'two months', '10 days': as the rental terms word it. */
export function minimumHireText({ count, unit }: RateCard["minimumHire"]): string {
  const number = NUMBER_WORDS[count] ?? String(count);
  return `${number} ${unit}${count === 1 ? "" : "s"}`;
}
