/**
 * Company facts, so they are never retyped in copy. All identifiers are fictional (the phone
 * number is in Ofcom's drama range 020 7946 0000–0999).
 *
 * Legal facts that shape the copy (sources in docs/decisions/007):
 * - The UK company cannot hold a Ghanaian mineral right (Act 703 s.10 needs a Ghana-incorporated
 *   body), so the licence is held by GHANA_SUBSIDIARY and every label says so.
 * - The London address is the registered office, and every place that gives the company's details
 *   says so (trading disclosures, docs/decisions/030).
 * - Equipment ownership and contracting are stated in equipment-trading.ts (Act 723, docs/decisions/031).
 */

/**
 * Documents travel one way: the private client page the desk's KYC request links to (decision 089). The seeded KYC
 * reply template carries this sentence too, so a change needs a data migration of `reply_templates`.
 */
export const DOCUMENTS_STATEMENT =
  "Please do not send identity or other due diligence documents until our team asks for them: we will then send you a private link to your own page, where you upload each one; it keeps them encrypted and checks them for viruses. Please do not send them by email or on WhatsApp.";

/** The one wording of the client-funds statement: every page that makes it quotes this. */
export const CLIENT_FUNDS_STATEMENT = "We do not hold client funds.";

type DayOfWeek = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

interface BusinessHoursEntry {
  label: string;
  shortLabel: string;
  summaryLabel: string;
  days: readonly DayOfWeek[];
  /** 24-hour 'HH:MM' in GMT, or null when closed. */
  opens: string | null;
  closes: string | null;
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
const vatNumber: string | null = null;
/** The reply promise every page makes; the desk marks inquiries overdue against the same figure. */
const responseHours = 24;
const whatsappGreeting = "Hello, I'm interested in your gold trading and mining equipment services.";

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

const closedDays = BUSINESS_HOURS.filter((entry) => entry.opens === null).flatMap((entry) =>
  entry.days.map((day) => `${day}s`),
);

/** Closed days are not counted: a Saturday-evening inquiry could not get a reply in 24 clock hours (docs/decisions/030). */
const responsePromise =
  closedDays.length > 0
    ? `${responseHours} hours, not counting ${closedDays.join(" or ")}`
    : `${responseHours} hours`;

function summariseHours(entry: BusinessHoursEntry): string {
  if (!entry.opens || !entry.closes) return `${entry.summaryLabel}: Closed`;
  return `${entry.summaryLabel}: ${displayTime(entry.opens)}-${displayTime(entry.closes)} GMT`;
}

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

/** The particulars a UK company's website must give, with the VAT number only when one is set. */
export function tradingDisclosure(p: {
  legalName: string;
  jurisdiction: string;
  companyNumber: string;
  registeredOffice: string;
  vatNumber: string | null;
}): string {
  const vatPart = p.vatNumber ? ` VAT no. ${p.vatNumber}.` : "";
  return `${p.legalName}. Registered in ${p.jurisdiction}, company no. ${p.companyNumber}. Registered office: ${p.registeredOffice}.${vatPart}`;
}

export const GHANA_SUBSIDIARY = {
  name: `${brandName} Ghana Limited`,
  jurisdiction: "Ghana",
  registrar: "Office of the Registrar of Companies, Ghana",
  registrationNumber: ghanaRegistrationNumber,
  address: { locality: "Accra", countryCode: "GH" },
  licence: {
    /** The right held, named exactly: a prospecting licence is not a licence to mine. */
    type: "Prospecting Licence",
    /** Granted by the Minister on the Commission's recommendation (Act 703). */
    registeredWith: "Minerals Commission of Ghana",
    number: "VM/GH-PL/2024-0417",
    covers:
      "prospecting for gold over a defined area in the Tarkwa-Nsuaem Municipality, Western Region; it does not permit mining or the sale of gold",
  },
} as const;

/** Null: with no AML supervisor, no copy may claim the regulated sector's duties (POCA 2002 s.330, tipping-off). */
export const AML_SUPERVISION: { supervisor: string; registration: string } | null = null;

const londonAddress = {
  line1: "Suite 4.02, 27 Cordwainer Row",
  city: "London",
  postcode: "EC4M 9AF",
  country: "United Kingdom",
  countryCode: "GB",
  label: "Registered office",
  singleLine: "Suite 4.02, 27 Cordwainer Row, London EC4M 9AF, United Kingdom",
  lines: ["Suite 4.02", "27 Cordwainer Row", "London EC4M 9AF", "United Kingdom"],
} as const;

export const company = {
  brandName,
  legalName,
  tagline: "Licensed Ghana gold deals and mining equipment, brokered from London",
  foundedYear: 2017,
  responseHours,
  /** The bare figure, for the desk's overdue mark and the spec's toast. */
  responseTime: `${responseHours} hours`,
  responsePromise,
  address: londonAddress,
  phone: {
    display: "+44 20 7946 0321",
    e164: `+${phoneDigits}`,
    href: `tel:+${phoneDigits}`,
  },
  whatsapp: {
    number: phoneDigits,
    display: "+44 20 7946 0321",
    greeting: whatsappGreeting,
    greetingUrl: whatsappLink(whatsappGreeting),
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
    attribution:
      `Ghana ${GHANA_SUBSIDIARY.licence.type} Ref. ${GHANA_SUBSIDIARY.licence.number}, held by ` +
      `${GHANA_SUBSIDIARY.name} (registered in Ghana, no. ${GHANA_SUBSIDIARY.registrationNumber}), a subsidiary of ${legalName}`,
    coverage: `The licence covers ${GHANA_SUBSIDIARY.licence.covers}. ${legalName}, the UK company, holds no Ghanaian mineral right.`,
  },
  hours: {
    timezone: "GMT",
    entries: BUSINESS_HOURS,
    summary: BUSINESS_HOURS.map(summariseHours),
    summerNote: summerTimeNote(BUSINESS_HOURS),
  },
  mail: {
    /** Used when MAIL_FROM is not set. */
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

export const primaryCta = (label: string, href: string) => ({ label, href, variant: "primary" }) as const;
export const secondaryCta = (label: string, href: string) => ({ label, href, variant: "secondary" }) as const;

/** The secondary call to chat on WhatsApp, the standard greeting prefilled. */
export const whatsappCta = (label: string) =>
  ({ label, href: company.whatsapp.greetingUrl, external: true, variant: "secondary" }) as const;

export function brandTitle(page: string): string {
  return `${page} | ${brandName}`;
}

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
      // With their offset: without one, a reader in British Summer Time would take them for UK time.
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
