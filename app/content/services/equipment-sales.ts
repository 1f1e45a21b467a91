import { brandTitle, company, primaryCta, secondaryCta } from "../company";
import { equipmentTerms } from "../equipment-trading";
import type { IconName } from "../icons";
import { contactHref } from "../inquiry-options";
import { earthMovingEquipmentRulesNotice, equipmentContractNotice } from "../notices";
import type { ServicePageContent } from "../types";

type SalesCategoryId = "new" | "used" | "specialized";

interface SalesCategory {
  id: SalesCategoryId;
  title: string;
  description: string;
  icon: IconName;
  features: readonly string[];
}

const page = {
  meta: {
    title: brandTitle("Mining Equipment Sales"),
    description:
      "Buy new, inspected used and specialised mining equipment for Ghana, with sourcing, inspection, shipping, import clearance and commissioning coordinated for you.",
  },
  hero: {
    badge: "Equipment Sales",
    title: "Mining Equipment Sourced, Inspected and Delivered",
    subtitle: `Whether you need a new production excavator, a carefully inspected used dozer or a processing plant built to your ore, ${equipmentTerms.fleetOwner}, our Ghana subsidiary, sources it, verifies it and sees it commissioned on site.`,
    ctas: [
      primaryCta("Request a Quote", contactHref("equipment-purchase")),
      secondaryCta("View Equipment", "/equipment"),
    ],
  },
  categoriesIntro: {
    title: "What We Sell",
    description: "Three routes to the right machine, each backed by inspection and clear documentation.",
  },
  categories: [
    {
      id: "new",
      title: "New Equipment",
      icon: "PackageCheck",
      description:
        "Factory-new machines from established manufacturers, ordered through authorised channels with full warranty.",
      features: [
        "Manufacturer warranty and documentation",
        "Specification matched to your site and ore",
        "Access to authorised dealer servicing",
        "Financing introductions on request",
      ],
    },
    {
      id: "used",
      title: "Used Equipment",
      icon: "ClipboardCheck",
      description:
        "Quality pre-owned machines with verified ownership and service history, inspected before you commit.",
      features: [
        "Independent mechanical inspection report",
        "Hour-meter and service history verification",
        "Title and ownership checks",
        "Refurbishment options before shipping",
      ],
    },
    {
      id: "specialized",
      title: "Specialised Equipment",
      icon: "Cog",
      description:
        "Gold processing and support equipment configured for your deposit, from trommels and wash plants to pumps and generators.",
      features: [
        "Wash plants, trommels and concentrators",
        "Plant design matched to test-work results",
        "Pumps, generators and water management",
        "On-site assembly and commissioning",
      ],
    },
  ] satisfies readonly SalesCategory[],
  processIntro: {
    title: "Our Sales Process",
    description: "Eight steps from first conversation to a machine working on your site.",
  },
  process: [
    {
      step: 1,
      title: "Requirements Consultation",
      description:
        "We discuss your deposit, production targets, site conditions and budget to define the right machine.",
    },
    {
      step: 2,
      title: "Buyer Verification",
      description:
        "Standard KYC/AML checks on the purchasing entity and its owners, as for every transaction we handle.",
    },
    {
      step: 3,
      title: "Sourcing and Shortlisting",
      description:
        "We search our manufacturer and dealer network and present a shortlist with specifications, condition and pricing.",
    },
    {
      step: 4,
      title: "Inspection and Verification",
      description:
        "New machines are checked against specification; used machines receive an independent inspection and ownership checks.",
    },
    {
      step: 5,
      title: "Quotation and Agreement",
      description: `A written quotation covering price, delivery terms, warranty and support, followed by a sales agreement signed with ${equipmentTerms.fleetOwner}.`,
    },
    {
      step: 6,
      title: "Secure Payment",
      description:
        "Payment by bank transfer or letter of credit directly under the signed agreement, with staged payments for larger orders.",
    },
    {
      step: 7,
      title: "Shipping and Import Clearance",
      description:
        "Ocean freight to Takoradi or Tema, the import permit, customs clearance and DVLA registration an excavator now needs in Ghana, and inland transport to your licensed site.",
    },
    {
      step: 8,
      title: "Commissioning and After-Sales Support",
      description: "On-site handover, operator training and ongoing access to parts and servicing support.",
    },
  ],
  contractNotice: equipmentContractNotice,
  deliveryNotice: earthMovingEquipmentRulesNotice,
  cta: {
    title: "Looking for a specific machine?",
    description: `Tell us the model, capacity or application and we will come back with options within ${company.responsePromise}.`,
    ctas: [
      primaryCta("Request a Quote", contactHref("equipment-purchase")),
      secondaryCta("Browse the Catalogue", "/equipment"),
    ],
  },
};

export const equipmentSalesPage = {
  ...page,
  sections: [
    { id: "categories", intro: page.categoriesIntro, blocks: [{ kind: "features", items: page.categories }] },
    {
      id: "process",
      intro: page.processIntro,
      blocks: [
        { kind: "steps", steps: page.process },
        { kind: "notices", notices: [page.contractNotice, page.deliveryNotice] },
      ],
    },
  ],
} satisfies ServicePageContent;
