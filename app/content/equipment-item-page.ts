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

const requestLimits = {
  siteLocation: 200,
  notes: 2000,
  /** How far ahead a hire may start, and how long one request may run. */
  startWithinDays: 365,
  hireDays: 730,
} as const;

/** The rental and quote request on an item's page. */
export const equipmentRequestForm = {
  heading: "Request a rental or a quote",
  intro:
    "Tell us the dates and the site: the request reaches our desk with this machine, and we reply within our usual response time with a written quote.",
  labels: {
    kind: "I would like to",
    start_on: "Start date",
    end_on: "End date (off-rent)",
    site_location: "Site location",
    name: "Full Name",
    company: "Company",
    email: "Email Address",
    phone: "Phone Number",
    whatsapp: "WhatsApp Number",
    notes: "Anything else we should know",
  },
  kinds: { rent: "Rent it", buy: "Buy it" },
  submit: "Send Request",
  limits: requestLimits,
  messages: {
    kindRequired: "Please choose whether you want to rent or buy.",
    kindNotOffered: (name: string, kind: string) =>
      kind === "rent" ? `The ${name} is for sale only.` : `The ${name} is for rent only.`,
    dateInvalid: "Enter the date as a calendar date, e.g. 2026-12-01.",
    startRequired: "Please choose a start date.",
    endRequired: "Please choose an end date.",
    startInPast: "The start date cannot be in the past.",
    startTooFar: `The start date can be at most ${requestLimits.startWithinDays} days ahead.`,
    endBeforeStart: "The end date must be on or after the start date.",
    shorterThanMinimum: (name: string, minimum: string, earliest: string) =>
      `The minimum hire of the ${name} is ${minimum}: choose an end date on or after ${earliest}.`,
    hireTooLong: `A request can cover at most ${requestLimits.hireDays} days; for longer, tell us in your note.`,
    siteLocationTooLong: `The site location must be at most ${requestLimits.siteLocation} characters.`,
    notesTooLong: `Your note must be at most ${requestLimits.notes} characters.`,
  },
  /** The confirmation's note: the figure is the rate card's, never a price agreed. */
  estimate: (amount: string, days: number) =>
    `Estimated rental: ${amount} for ${days} days at our rate card. This is an estimate, not a quote.`,
} as const;
