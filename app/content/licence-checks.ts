/**
 * The licence checks the desk records on an inquiry (decision 090): which Ghanaian licences it
 * checks, on which register each is published, what a check may find, and when the inquiry's owner
 * is reminded of an expiry. The form, the checks' service, the badge and the reminder all read this.
 */

/**
 * Where a licence is checked (decision 097). The Minerals Commission publishes mineral rights in the
 * Online Repository of its Mining Cadastre Administration System (MCAS). GoldBod publishes no register
 * of its licensees that we could find: its Licence and Regulatory Unit confirms a licence on request.
 */
export const LICENCE_REGISTERS = {
  goldbod: "GoldBod (the Ghana Gold Board), through its Licence and Regulatory Unit",
  "minerals-commission": "The Minerals Commission's Online Repository of its mining cadastre (MCAS)",
} as const;

export type LicenceRegister = keyof typeof LICENCE_REGISTERS;
export const LICENCE_REGISTER_VALUES = Object.keys(LICENCE_REGISTERS) as [
  LicenceRegister,
  ...LicenceRegister[],
];

/**
 * GoldBod licenses the buyers and aggregators of artisanal and small-scale gold (Act 1140); the
 * Minerals Commission recommends the mineral rights of Act 703, which the Minister grants.
 */
export const LICENCE_TYPES = {
  "goldbod-buyer": { label: "GoldBod gold buyer licence", register: "goldbod" },
  "goldbod-aggregator": { label: "GoldBod gold aggregator licence", register: "goldbod" },
  "small-scale-mining": { label: "Small-scale mining licence", register: "minerals-commission" },
  "mining-lease": { label: "Mining lease", register: "minerals-commission" },
  "prospecting-licence": { label: "Prospecting licence", register: "minerals-commission" },
  "reconnaissance-licence": { label: "Reconnaissance licence", register: "minerals-commission" },
} as const satisfies Record<string, { label: string; register: LicenceRegister }>;

export type LicenceType = keyof typeof LICENCE_TYPES;
export const LICENCE_TYPE_VALUES = Object.keys(LICENCE_TYPES) as [LicenceType, ...LicenceType[]];

/** What the register showed. Only "valid" verifies the licence, and only until its expiry date. */
export const LICENCE_CHECK_RESULTS = {
  valid: "Valid",
  "not-found": "Not found on the register",
  expired: "Expired",
  mismatch: "Mismatch (holder, type or number differs)",
} as const;

export type LicenceCheckResult = keyof typeof LICENCE_CHECK_RESULTS;
export const LICENCE_CHECK_RESULT_VALUES = Object.keys(LICENCE_CHECK_RESULTS) as [
  LicenceCheckResult,
  ...LicenceCheckResult[],
];

export const licenceCheckLimits = {
  numberChars: 100,
  holderChars: 200,
  notesChars: 2000,
  /** A check dated further back than this is a typing mistake rather than a record. */
  oldestCheckYears: 10,
} as const;

/** Days before a valid licence's expiry date that its inquiry's owner (or the admins) are reminded. */
export const LICENCE_EXPIRY_REMINDER_DAYS = 30;

/** When the reminders are looked for (UK time): once a day, before the working day. */
export const LICENCE_EXPIRY_REMINDER_CRON = "0 7 * * *";
