/** Texts of an item's page beyond the catalogue card's: the rate card, availability, condition, the request form. */
export const equipmentItemPage = {
  rateCard: {
    heading: "Rate card",
    caption: (name: string) => `Rental rates of the ${name}`,
    day: "Per day",
    week: "Per week",
    month: "Per month",
    hoursIncluded: "Operating hours included",
    hoursPerDay: (hours: number) => `${hours} a day`,
    minimumHire: "Minimum hire",
  },
  details: {
    heading: "Availability and condition",
    nextAvailable: "Next available",
    availableNow: "Now",
    location: "Location",
    condition: "Condition",
    conditions: { new: "New", used: "Used" },
    year: "Year",
    hourMeter: "Hour meter",
    hours: (hours: number) => `${hours.toLocaleString("en-US")} h`,
  },
} as const;

/** '5 December 2026' for a calendar day stored as YYYY-MM-DD. */
export function formatCalendarDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}
