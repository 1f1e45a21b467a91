import { company, primaryCta, secondaryCta, whatsappCta } from "./company";
import { getServiceCard } from "./services";
import type { CtaSection, NavLink, PageHero, PageMeta, SectionIntro, ServiceCard } from "./types";

export const homePage = {
  meta: {
    title: `${company.brandName} | Gold Deal & Mining Equipment Intermediary`,
    description:
      "UK-established intermediary for licensed Ghana gold deals; mining equipment rented and sold by our Ghana subsidiary. Not a bullion dealer — KYC/AML on every deal.",
  } satisfies PageMeta,
  hero: {
    badge: "UK Established • KYC/AML Compliant",
    title: "Your Trusted Intermediary for Gold Deals & Mining Equipment",
    subtitle:
      "We connect international buyers, sellers and mining operators with licensed Ghanaian gold transactions and dependable mining equipment — with every party verified before any deal moves forward.",
    ctas: [primaryCta("Request an Introduction", "/contact"), whatsappCta("WhatsApp Consultation")],
  } satisfies PageHero,
  disclaimer: company.disclaimer,
  servicesIntro: {
    title: "How We Help",
    description:
      "Four core services, one accountable partner. Each engagement starts with verification and ends with a documented, compliant result.",
  } satisfies SectionIntro,
  services: [
    getServiceCard("gold-intermediary"),
    getServiceCard("equipment-rental"),
    getServiceCard("equipment-sales"),
    getServiceCard("kyc-aml"),
  ] satisfies readonly ServiceCard[],
  trustedPartner: {
    title: "Your Trusted Gold Trading Partner",
    description: `Since ${company.foundedYear}, ${company.brandName} has worked from London with partners on the ground in Ghana to make gold and equipment transactions safer, clearer and fully documented. We do not trade gold on our own account; our role is to verify, introduce and coordinate.`,
    checklist: [
      "Registered in England and Wales and operating from London",
      "KYC/AML verification of every party, on every transaction",
      "Introductions only to licensed, verifiable counterparties",
      "Transactions structured around the Ghana Gold Board (GoldBod) regime",
      "Chain-of-custody documentation, GoldBod’s assay and refinery reconciliation, with any independent assay only as a commercial check",
      `A named contact and a reply within ${company.responsePromise}`,
    ],
    link: { label: "Learn More About Us", href: "/about" } satisfies NavLink,
  },
  cta: {
    title: "Ready to discuss your gold deal or equipment needs?",
    description:
      "Tell us what you are looking for. We will review your inquiry, explain the verification steps and introduce you to the right people.",
    ctas: [primaryCta("Request an Introduction", "/contact"), secondaryCta("View All Services", "/services")],
  } satisfies CtaSection,
};
