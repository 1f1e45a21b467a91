/**
 * Single source of company facts. Every other module reads names, contact
 * details and identifiers from here so they are never retyped in copy.
 *
 * All identifiers are fictional: the phone number sits in Ofcom's range
 * reserved for drama (020 7946 0000–0999), the company number is above the
 * range Companies House has issued, the Ghana subsidiary's registration
 * number only imitates the Office of the Registrar of Companies' "CS" style,
 * and the licence reference follows no official format.
 *
 * Legal facts that shape the copy (sources in docs/decisions/007):
 * - The UK company cannot hold a Ghanaian mineral right (Act 703 s.10 needs a
 *   Ghana-incorporated body), so the licence is held by GHANA_SUBSIDIARY and
 *   every label says so.
 * - AML_SUPERVISION is null: the company names no AML supervisor or
 *   registration, so no copy may claim the regulated sector's duties (POCA
 *   2002 s.330 reporting, tipping-off).
 * - The London address is the registered office, and every place that gives
 *   the company's details says so (trading disclosures, docs/decisions/030).
 * - Who owns the equipment and who contracts for it, and so in which
 *   currency, is stated in equipment-trading.ts (Act 723, docs/decisions/031);
 *   the disclaimer names the same subsidiary, as the content test checks.
 */

/**
 * How documents reach us, in one wording for the contact page, the KYC page
 * and the KYC reply template. The site offers no upload channel of its own
 * (mail attachments are the only way in), so the copy promises no "secure
 * channel": the team asks for documents and says how to send them.
 */
export const DOCUMENTS_STATEMENT =
  "Please do not send identity or other due diligence documents until our team asks for them: we will tell you then which ones we need and how to send them. Please do not send them on WhatsApp.";

/** The one wording of the client-funds statement: every page that makes it quotes this. */
export const CLIENT_FUNDS_STATEMENT = "We do not hold client funds.";

type DayOfWeek = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

interface BusinessHoursEntry {
  /** Display label for the days, e.g. 'Monday – Friday'. */
  label: string;
  shortLabel: string;
  /** Label in the one-line summary, e.g. 'Mon-Fri', 'Sunday'. */
  summaryLabel: string;
  days: readonly DayOfWeek[];
  /** 24-hour 'HH:MM' in GMT, or null when closed. */
  opens: string | null;
  closes: string | null;
  /** Display string for the hours, e.g. '9:00 – 18:00 GMT'. */
  display: string;
}

/** '09:00' shifted by `hours`, shown without a leading zero: '10:00'. */
function displayTime(time: string, shiftHours = 0): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return `${(hours + shiftHours) % 24}:${String(minutes).padStart(2, "0")}`;
}

function hoursEntry(entry: Omit<BusinessHoursEntry, "display">): BusinessHoursEntry {
  const { opens, closes } = entry;
  const display = opens && closes ? `${displayTime(opens)} – ${displayTime(closes)} GMT` : "Closed";
  return { ...entry, display };
}

const brandName = "Volta Meridian";
const domain = "voltameridian.co.uk";
const phoneDigits = "442079460321";
const legalName = `${brandName} Partners Ltd`;
const companyNumber = "98765432";
const ghanaRegistrationNumber = "CS917402024";
/** UK VAT registration number; null while none is registered, and then nothing about VAT is shown. */
const vatNumber: string | null = null;
/** The reply promise every page makes; the desk marks inquiries overdue against the same figure. */
const responseHours = 24;
const whatsappGreeting = "Hello, I'm interested in your gold trading and mining equipment services.";

/** wa.me link; with `text` the chat opens with that message prefilled. */
export function whatsappLink(text?: string): string {
  const base = `https://wa.me/${phoneDigits}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/** Opening hours in GMT, all year round: the office does not move with British Summer Time. */
export const BUSINESS_HOURS: readonly BusinessHoursEntry[] = [
  hoursEntry({
    label: "Monday – Friday",
    shortLabel: "Mon-Fri",
    summaryLabel: "Mon-Fri",
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "09:00",
    closes: "18:00",
  }),
  hoursEntry({
    label: "Saturday",
    shortLabel: "Sat",
    summaryLabel: "Sat",
    days: ["Saturday"],
    opens: "10:00",
    closes: "16:00",
  }),
  hoursEntry({
    label: "Sunday",
    shortLabel: "Sun",
    summaryLabel: "Sunday",
    days: ["Sunday"],
    opens: null,
    closes: null,
  }),
];

/** The days the office is closed all day, e.g. 'Sundays'. */
const closedDays = BUSINESS_HOURS.filter((entry) => entry.opens === null).flatMap((entry) =>
  entry.days.map((day) => `${day}s`),
);

/**
 * The reply promise as visitors read it. The office is closed on Sundays, so
 * an inquiry sent on Saturday evening could not get a reply within 24 clock
 * hours: the closed days are not counted (docs/decisions/030).
 */
const responsePromise =
  closedDays.length > 0
    ? `${responseHours} hours, not counting ${closedDays.join(" or ")}`
    : `${responseHours} hours`;

/** 'Mon-Fri: 9:00-18:00 GMT', 'Sunday: Closed'. */
function summariseHours(entry: BusinessHoursEntry): string {
  if (!entry.opens || !entry.closes) return `${entry.summaryLabel}: Closed`;
  return `${entry.summaryLabel}: ${displayTime(entry.opens)}-${displayTime(entry.closes)} GMT`;
}

/**
 * What GMT-all-year means in summer: during British Summer Time (UTC+1) the
 * same hours read one hour later on a UK clock.
 */
function summerTimeNote(entries: readonly BusinessHoursEntry[]): string {
  const open = entries.filter(
    (entry): entry is BusinessHoursEntry & { opens: string; closes: string } =>
      entry.opens !== null && entry.closes !== null,
  );
  const parts = open.map(
    (entry) =>
      `${displayTime(entry.opens, 1)}–${displayTime(entry.closes, 1)} UK time (${entry.summaryLabel})`,
  );
  return `Our hours are GMT all year: during British Summer Time (late March to late October) that is ${parts.join(" and ")}.`;
}

/**
 * The particulars a UK company's website must give (registered name, part of
 * the UK it is registered in, number and registered office), with the VAT
 * number only when one is set.
 */
export function tradingDisclosure(particulars: {
  legalName: string;
  jurisdiction: string;
  companyNumber: string;
  registeredOffice: string;
  vatNumber: string | null;
}): string {
  const {
    legalName: name,
    jurisdiction,
    companyNumber: number,
    registeredOffice,
    vatNumber: vat,
  } = particulars;
  const vatPart = vat ? ` VAT no. ${vat}.` : "";
  return `${name}. Registered in ${jurisdiction}, company no. ${number}. Registered office: ${registeredOffice}.${vatPart}`;
}

/** The Ghana-incorporated subsidiary that holds the group's Ghanaian mineral right. */
export const GHANA_SUBSIDIARY = {
  name: `${brandName} Ghana Limited`,
  jurisdiction: "Ghana",
  registrar: "Office of the Registrar of Companies, Ghana",
  registrationNumber: ghanaRegistrationNumber,
  address: { locality: "Accra", countryCode: "GH" },
  licence: {
    /** The right held, named exactly: a prospecting licence is not a licence to mine. */
    type: "Prospecting Licence",
    /** Granted by the Minister responsible for mines on the Commission's recommendation (Act 703). */
    registeredWith: "Minerals Commission of Ghana",
    number: "VM/GH-PL/2024-0417",
    covers:
      "prospecting for gold over a defined area in the Tarkwa-Nsuaem Municipality, Western Region; it does not permit mining or the sale of gold",
  },
} as const;

/**
 * AML supervisor and registration. Null: the company is not registered with
 * an AML supervisor, so it must not claim the regulated sector's statutory
 * reporting duty (POCA 2002 s.330) or tipping-off exposure.
 */
export const AML_SUPERVISION: { supervisor: string; registration: string } | null = null;

const londonAddress = {
  line1: "Suite 4.02, 27 Cordwainer Row",
  city: "London",
  postcode: "EC4M 9AF",
  country: "United Kingdom",
  countryCode: "GB",
  /** The London address is the company's registered office; it is labelled so wherever it is given. */
  label: "Registered office",
  /** One-line form for footers and structured data. */
  singleLine: "Suite 4.02, 27 Cordwainer Row, London EC4M 9AF, United Kingdom",
  lines: ["Suite 4.02", "27 Cordwainer Row", "London EC4M 9AF", "United Kingdom"],
} as const;

export const company = {
  brandName,
  legalName,
  tagline: "Licensed Ghana gold deals and mining equipment, brokered from London",
  foundedYear: 2017,
  /** Hours within which every inquiry gets a first reply (the lead desk measures it). */
  responseHours,
  /** The bare figure, for the desk's overdue mark and the spec's toast. */
  responseTime: `${responseHours} hours`,
  /** What every page, mail and FAQ promises: the figure with the days not counted. */
  responsePromise,
  address: londonAddress,
  phone: {
    display: "+44 20 7946 0321",
    e164: `+${phoneDigits}`,
    href: `tel:+${phoneDigits}`,
  },
  whatsapp: {
    /** Digits only, as wa.me expects. */
    number: phoneDigits,
    display: "+44 20 7946 0321",
    greeting: whatsappGreeting,
    /** Chat link with the standard greeting prefilled. */
    greetingUrl: whatsappLink(whatsappGreeting),
    /** Chat link with no prefilled text. */
    chatUrl: whatsappLink(),
  },
  emails: {
    general: {
      label: "General inquiries",
      address: `info@${domain}`,
      href: `mailto:info@${domain}`,
    },
    deals: {
      label: "Transactions and deal introductions",
      address: `deals@${domain}`,
      href: `mailto:deals@${domain}`,
    },
    /** Privacy requests and complaints (privacy notice; DUAA 2025 s.103). */
    privacy: {
      label: "Privacy requests and complaints",
      address: `privacy@${domain}`,
      href: `mailto:privacy@${domain}`,
    },
  },
  website: {
    url: `https://www.${domain}`,
    display: `www.${domain}`,
  },
  registration: {
    companyNumber,
    jurisdiction: "England and Wales",
    display: `Registered in England and Wales, company no. ${companyNumber}`,
    vatNumber,
    /** Name, registration, registered office and (when set) VAT number: the footer's company line. */
    disclosure: tradingDisclosure({
      legalName,
      jurisdiction: "England and Wales",
      companyNumber,
      registeredOffice: londonAddress.singleLine,
      vatNumber,
    }),
  },
  /** Held by the Ghana subsidiary, never by the UK company: every label names the holder. */
  ghanaLicence: {
    label: `Ghana ${GHANA_SUBSIDIARY.licence.type} Ref.`,
    number: GHANA_SUBSIDIARY.licence.number,
    holder: GHANA_SUBSIDIARY.name,
    /** One line for the footer, About and anywhere the licence is named. */
    attribution:
      `Ghana ${GHANA_SUBSIDIARY.licence.type} Ref. ${GHANA_SUBSIDIARY.licence.number}, held by ` +
      `${GHANA_SUBSIDIARY.name} (registered in Ghana, no. ${GHANA_SUBSIDIARY.registrationNumber}), a subsidiary of ${legalName}`,
    coverage: `The licence covers ${GHANA_SUBSIDIARY.licence.covers}. ${legalName}, the UK company, holds no Ghanaian mineral right.`,
  },
  hours: {
    timezone: "GMT",
    entries: BUSINESS_HOURS,
    /** Compact lines for the footer and contact card. */
    summary: BUSINESS_HOURS.map(summariseHours),
    /** What GMT all year means on a UK clock in summer. */
    summerNote: summerTimeNote(BUSINESS_HOURS),
  },
  mail: {
    /** Default sender of the site's mail when MAIL_FROM is not set. */
    defaultFrom: `${brandName} <no-reply@${domain}>`,
  },
  disclaimer:
    `In gold transactions ${brandName} acts solely as an intermediary that introduces and coordinates verified parties. ` +
    `We are not a bullion dealer: we do not buy, sell, hold or take title to gold. ${CLIENT_FUNDS_STATEMENT} ` +
    `Mining equipment is owned, rented and sold by ${GHANA_SUBSIDIARY.name}, our Ghana subsidiary. ` +
    "Every transaction is subject to full KYC/AML verification of all parties before it proceeds. " +
    "Nothing on this website is financial, investment, legal or tax advice.",
} as const;

/** Footer service list; labels are fixed by the product spec. */
export const FOOTER_SERVICES = [
  "Gold Transaction Intermediary",
  "Mining Equipment Rental",
  "Equipment Sales",
  "KYC/AML Compliance",
  "Licensing Support",
  "Consultation Services",
] as const;

export type FooterService = (typeof FOOTER_SERVICES)[number];

/** Builds a page title with the brand suffix, e.g. 'About Us | Volta Meridian'. */
/** The secondary call to chat on WhatsApp, the standard greeting prefilled. */
export const whatsappCta = (label: string) =>
  ({ label, href: company.whatsapp.greetingUrl, external: true, variant: "secondary" }) as const;

export function brandTitle(page: string): string {
  return `${page} | ${brandName}`;
}

/** schema.org Organization description for the document head (not displayed). */
export const organizationStructuredData = {
  "@context": "https://schema.org",
  "@type": "Organization",
  name: company.brandName,
  legalName: company.legalName,
  url: company.website.url,
  email: company.emails.general.address,
  telephone: company.phone.e164,
  foundingDate: String(company.foundedYear),
  description:
    "UK-established intermediary for licensed Ghana gold transactions; mining equipment is rented and sold by its Ghana subsidiary. Not a bullion dealer; every transaction requires KYC/AML verification.",
  address: {
    "@type": "PostalAddress",
    streetAddress: `${company.address.line1}`,
    addressLocality: company.address.city,
    postalCode: company.address.postcode,
    addressCountry: company.address.countryCode,
  },
  identifier: {
    "@type": "PropertyValue",
    propertyID: "Companies House company number",
    value: company.registration.companyNumber,
  },
  // The Ghanaian mineral right belongs to the subsidiary, so it is named there.
  subOrganization: {
    "@type": "Organization",
    legalName: GHANA_SUBSIDIARY.name,
    address: {
      "@type": "PostalAddress",
      addressLocality: GHANA_SUBSIDIARY.address.locality,
      addressCountry: GHANA_SUBSIDIARY.address.countryCode,
    },
    identifier: [
      {
        "@type": "PropertyValue",
        propertyID: GHANA_SUBSIDIARY.registrar,
        value: GHANA_SUBSIDIARY.registrationNumber,
      },
      {
        "@type": "PropertyValue",
        propertyID: `Ghana ${GHANA_SUBSIDIARY.licence.type} (${GHANA_SUBSIDIARY.licence.registeredWith})`,
        value: GHANA_SUBSIDIARY.licence.number,
        description: company.ghanaLicence.coverage,
      },
    ],
  },
  contactPoint: [
    {
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: company.phone.e164,
      email: company.emails.general.address,
      availableLanguage: ["English"],
      // With their offset: the hours are GMT all year, so without one a
      // reader in British Summer Time would take them for UK clock time.
      hoursAvailable: BUSINESS_HOURS.filter((entry) => entry.opens !== null).map((entry) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: entry.days,
        opens: `${entry.opens}:00+00:00`,
        closes: `${entry.closes}:00+00:00`,
      })),
    },
  ],
  areaServed: ["GB", "GH"],
} as const;
