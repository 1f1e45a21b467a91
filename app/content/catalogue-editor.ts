/** The catalogue editor's limits, labels and messages (/dashboard/equipment). */
const limits = {
  name: 120,
  description: 2000,
  line: 160,
  features: 20,
  specs: 20,
  serial: 64,
  /** No machine here costs more than this many US dollars. */
  maxUsd: 50_000_000,
} as const;

export const catalogueEditor = {
  limits,
  labels: {
    name: "Name",
    category: "Category",
    description: "Description",
    features: "Features (one a line)",
    specs: "Specifications (one a line, as Label: value)",
    image_alt: "Picture description (for screen readers)",
    availability: "Availability",
    day_rate_usd: "Day rate (USD)",
    week_rate_usd: "Week rate (USD)",
    month_rate_usd: "Month rate (USD)",
    hours_per_day: "Operating hours included a day",
    minimum_hire_count: "Minimum hire",
    minimum_hire_unit: "Minimum hire unit",
    sale_price_usd: "Sale price (USD; blank: Contact for Price)",
    next_available_on: "Next available",
    location: "Location",
    condition: "Condition",
    year: "Year",
    hour_meter: "Hour meter (h)",
    serial_number: "Serial number (never shown on the site)",
    status: "Status",
    position: "Position",
  },
  messages: {
    nameRequired: "Give the machine a name.",
    descriptionRequired: "Write a description.",
    imageAltRequired: "Describe the picture for visitors who cannot see it.",
    categoryRequired: "Choose a category.",
    availabilityRequired: "Choose an availability.",
    conditionInvalid: "Choose new, used or not stated.",
    minimumHireRequired: "Give the minimum hire, e.g. 1 week.",
    minimumHireUnit: "Choose days, weeks or months.",
    dateInvalid: "Enter the date as a calendar date, e.g. 2026-12-01.",
    tooLong: (what: string, max: number) => `The ${what} must be at most ${max} characters.`,
    tooMany: (what: string, max: number) => `At most ${max} lines of ${what}s.`,
    lineTooLong: (what: string, max: number) => `Each ${what} must be at most ${max} characters.`,
    specLine: (line: string) => `Write “${line.slice(0, 40)}” as Label: value.`,
    wholeNumber: (label: string, min: number, max: number) =>
      `${label} must be a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}.`,
    dayRateRequired: "A machine offered for rent needs a day rate.",
    noRatesForSaleOnly:
      "A machine for sale only has no rental rates: clear them, or change its availability.",
    dayRateFirst: "Set the day rate first: the week and month rates are cheaper than the days they cover.",
    weekRateTooHigh: (sevenDays: string) =>
      `The week rate must be less than seven days at the day rate (${sevenDays}).`,
    weekRateTooLow: "The week rate must be more than the day rate.",
    monthRateTooHigh: (thirtyDays: string) =>
      `The month rate must be less than 30 days at the day rate (${thirtyDays}).`,
    monthRateTooLow: "The month rate must be more than the week rate.",
    noSalePriceForRentalOnly:
      "A machine for rent only has no sale price: clear it, or change its availability.",
  },
  units: { day: "days", week: "weeks", month: "months" },
  conditions: { "": "Not stated", new: "New", used: "Used" },
} as const;
