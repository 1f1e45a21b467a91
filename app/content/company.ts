/**
 * Single source of company facts. Every other module reads names, contact
 * details and identifiers from here so they are never retyped in copy.
 *
 * All identifiers are fictional: the phone number sits in Ofcom's range
 * reserved for drama (020 7946 0000–0999), the company number is above the
 * range Companies House has issued, and the licence reference follows no
 * official format.
 */

export type DayOfWeek = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

export interface BusinessHoursEntry {
  /** Display label for the days, e.g. 'Monday – Friday'. */
  label: string;
  shortLabel: string;
  days: readonly DayOfWeek[];
  /** 24-hour 'HH:MM' in GMT, or null when closed. */
  opens: string | null;
  closes: string | null;
  /** Display string for the hours, e.g. '9:00 – 18:00 GMT'. */
  display: string;
}

const brandName = "Volta Meridian";
const domain = "voltameridian.co.uk";
const phoneDigits = "442079460321";
const companyNumber = "98765432";
const whatsappGreeting = "Hello, I'm interested in your gold trading and mining equipment services.";

export const WHATSAPP_GREETING = whatsappGreeting;

/** wa.me link; with `text` the chat opens with that message prefilled. */
export function whatsappLink(text?: string): string {
  const base = `https://wa.me/${phoneDigits}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

export const BUSINESS_HOURS: readonly BusinessHoursEntry[] = [
  {
    label: "Monday – Friday",
    shortLabel: "Mon-Fri",
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "09:00",
    closes: "18:00",
    display: "9:00 – 18:00 GMT",
  },
  {
    label: "Saturday",
    shortLabel: "Sat",
    days: ["Saturday"],
    opens: "10:00",
    closes: "16:00",
    display: "10:00 – 16:00 GMT",
  },
  {
    label: "Sunday",
    shortLabel: "Sun",
    days: ["Sunday"],
    opens: null,
    closes: null,
    display: "Closed",
  },
];

export const company = {
  brandName,
  legalName: `${brandName} Partners Ltd`,
  tagline: "Licensed Ghana gold deals and mining equipment, brokered from London",
  foundedYear: 2017,
  responseTime: "24 hours",
  address: {
    line1: "Suite 4.02, 27 Cordwainer Row",
    city: "London",
    postcode: "EC4M 9AF",
    country: "United Kingdom",
    countryCode: "GB",
    /** One-line form for footers and structured data. */
    singleLine: "Suite 4.02, 27 Cordwainer Row, London EC4M 9AF, United Kingdom",
    lines: ["Suite 4.02", "27 Cordwainer Row", "London EC4M 9AF", "United Kingdom"],
  },
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
  },
  ghanaLicence: {
    label: "Ghana Mining Licence Ref.",
    number: "VM/GH-ML/2018-0417",
  },
  hours: {
    timezone: "GMT",
    entries: BUSINESS_HOURS,
    /** Compact lines for the footer and contact card. */
    summary: ["Mon-Fri: 9:00-18:00 GMT", "Sat: 10:00-16:00 GMT", "Sunday: Closed"],
  },
  disclaimer:
    `${brandName} acts solely as an intermediary that introduces and coordinates verified parties to licensed gold transactions and mining equipment rental and sales. ` +
    "We are not a bullion dealer: we do not buy, sell, hold or take title to gold, and we do not hold client funds. " +
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
    "UK-established intermediary for licensed Ghana gold transactions and mining equipment rental and sales. Not a bullion dealer; every transaction requires KYC/AML verification.",
  address: {
    "@type": "PostalAddress",
    streetAddress: `${company.address.line1}`,
    addressLocality: company.address.city,
    postalCode: company.address.postcode,
    addressCountry: company.address.countryCode,
  },
  contactPoint: [
    {
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: company.phone.e164,
      email: company.emails.general.address,
      availableLanguage: ["English"],
      hoursAvailable: BUSINESS_HOURS.filter((entry) => entry.opens !== null).map((entry) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: entry.days,
        opens: entry.opens,
        closes: entry.closes,
      })),
    },
  ],
  areaServed: ["GB", "GH"],
} as const;
