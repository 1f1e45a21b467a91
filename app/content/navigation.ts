import { FOOTER_SERVICES, company, type FooterService } from "./company";
import type { NavLink } from "./types";

/** Main navigation bar links, in display order. */
export const mainNavLinks: readonly NavLink[] = [
  { label: "Home", href: "/" },
  { label: "About", href: "/about" },
  { label: "Services", href: "/services" },
  { label: "Equipment", href: "/equipment" },
  { label: "Ghana Licensing", href: "/licensing" },
  { label: "FAQs", href: "/faqs" },
  { label: "Contact", href: "/contact" },
];

/** Buttons at the right of the navigation bar. */
export const navActions = {
  signIn: { label: "Sign In", href: "/auth" },
  signOut: { label: "Sign Out", action: "/auth/sign-out" },
  dashboard: { label: "Dashboard", href: "/dashboard" },
  account: { label: "Account", href: "/account" },
  requestIntroduction: { label: "Request Introduction", href: "/contact" },
  whatsapp: {
    label: "WhatsApp",
    href: company.whatsapp.greetingUrl,
    external: true,
  },
  menuToggleLabel: "Toggle navigation menu",
} as const;

/** The main navigation, with About named in full, then the legal pages. */
export const footerQuickLinks: readonly NavLink[] = [
  ...mainNavLinks.map((link) => (link.href === "/about" ? { ...link, label: "About Us" } : link)),
  { label: "Privacy Policy", href: "/privacy" },
  { label: "Terms of Use", href: "/terms" },
];

const footerServiceHrefs: Record<FooterService, string> = {
  "Gold Transaction Intermediary": "/services/gold-intermediary",
  "Mining Equipment Rental": "/services/equipment-rental",
  "Equipment Sales": "/services/equipment-sales",
  "KYC/AML Compliance": "/services/kyc-aml",
  "Licensing Support": "/services/licensing-support",
  "Consultation Services": "/services/consultation",
};

/** Footer service list with links, labels exactly as FOOTER_SERVICES. */
export const footerServiceLinks: readonly NavLink[] = FOOTER_SERVICES.map((label) => ({
  label,
  href: footerServiceHrefs[label],
}));

export const footerHeadings = {
  about: company.brandName,
  quickLinks: "Quick Links",
  services: "Our Services",
  contact: "Contact",
  legal: "Company Information",
} as const;

export const footerBlurb =
  "A UK-established intermediary connecting verified buyers, sellers and operators with licensed Ghana gold transactions and dependable mining equipment.";

export const copyrightLine = (year: number): string => `© ${year} ${company.legalName}. All rights reserved.`;
