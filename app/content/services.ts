import { brandTitle, company, primaryCta, whatsappCta } from "./company";
import { minimumHirePhrase } from "./equipment-trading";
import type { CtaSection, PageHero, PageMeta, ServiceCard } from "./types";

type ServiceId =
  | "gold-intermediary"
  | "equipment-rental"
  | "equipment-sales"
  | "kyc-aml"
  | "licensing-support"
  | "consultation"
  | "ghana-licensing";

/** The seven service cards of the services overview, in display order. */
export const serviceCards: readonly (ServiceCard & { id: ServiceId })[] = [
  {
    id: "gold-intermediary",
    title: "Gold Transaction Intermediary",
    description:
      "Introductions to verified, licensed counterparties for Ghana gold transactions, with diligence, documentation and coordination handled from first contact to completion.",
    href: "/services/gold-intermediary",
    icon: "Handshake",
  },
  {
    id: "equipment-rental",
    title: "Mining Equipment Rental",
    description: `Excavators, dozers and gold processing plants hired ${minimumHirePhrase}, delivered to site with maintenance support.`,
    href: "/services/equipment-rental",
    icon: "Truck",
  },
  {
    id: "equipment-sales",
    title: "Equipment Sales",
    description:
      "New, inspected used and specialised mining equipment sourced to your specification, with shipping, import clearance and commissioning coordinated.",
    href: "/services/equipment-sales",
    icon: "Package",
  },
  {
    id: "kyc-aml",
    title: "KYC/AML Compliance",
    description:
      "Identity, ownership and source-of-funds verification for every party, aligned with FATF, OECD and LBMA guidance and UK and Ghanaian law.",
    href: "/services/kyc-aml",
    icon: "ShieldCheck",
  },
  {
    id: "licensing-support",
    title: "Licensing Support",
    description:
      "Practical help preparing, submitting and following up mining licence applications with the Minerals Commission and other Ghanaian regulators.",
    href: "/services/licensing-support",
    icon: "FileCheck",
  },
  {
    id: "consultation",
    title: "Consultation Services",
    description:
      "Advice on market entry, deal structuring, operational planning and regulatory strategy for Ghana’s gold sector.",
    href: "/services/consultation",
    icon: "Lightbulb",
  },
  {
    id: "ghana-licensing",
    title: "Ghana Mining Licensing Guide",
    description:
      "A clear guide to Ghana’s licence types, the laws behind them, the application stages and the ongoing obligations of a licence holder.",
    href: "/services/ghana-licensing",
    icon: "Landmark",
  },
];

export function getServiceCard(id: ServiceId): ServiceCard {
  const card = serviceCards.find((entry) => entry.id === id);
  if (!card) throw new Error(`Unknown service id: ${id}`);
  return card;
}

export const servicesPage = {
  meta: {
    title: brandTitle("Our Services"),
    description:
      "Gold transaction introductions, mining equipment rental and sales, KYC/AML compliance, Ghana licensing support and consultation from a UK-established intermediary.",
  } satisfies PageMeta,
  hero: {
    badge: "What We Do",
    title: "Services for Gold Deals and Mining Operations",
    subtitle:
      "From verified gold introductions to equipment on site and licences in hand, we give international clients and Ghanaian operators one accountable point of contact — with compliance built into every step.",
  } satisfies PageHero,
  learnMoreLabel: "Learn More",
  cards: serviceCards,
  cta: {
    title: "Not sure which service you need?",
    description: `Tell us about your project and a member of our team will reply within ${company.responsePromise} to suggest the right starting point.`,
    ctas: [primaryCta("Request an Introduction", "/contact"), whatsappCta("Chat on WhatsApp")],
  } satisfies CtaSection,
};
