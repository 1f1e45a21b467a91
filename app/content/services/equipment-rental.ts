import { brandTitle, company, primaryCta, secondaryCta } from "../company";
import { equipmentTerms, MINIMUM_HIRE, minimumHirePhrase } from "../equipment-trading";
import { contactHref } from "../inquiry-options";
import { earthMovingEquipmentRulesNotice, equipmentContractNotice } from "../notices";
import type { FeatureCard, ServicePageContent } from "../types";

const page = {
  meta: {
    title: brandTitle("Mining Equipment Rental in Ghana"),
    description: `Rent excavators, bulldozers and gold wash plants in Ghana ${minimumHirePhrase}, at daily rates, with delivery, maintenance and training.`,
  },
  hero: {
    badge: "Mining Equipment Rental",
    title: "Reliable Equipment, Delivered to Your Site",
    subtitle:
      "Flexible rental of excavators, dozers and gold processing plants for exploration, pilot and production work in Ghana — inspected, serviced and supported throughout the hire.",
    ctas: [
      primaryCta("Request a Rental Quote", contactHref("equipment-rental")),
      secondaryCta("Browse Equipment", "/equipment"),
    ],
  },
  categoriesIntro: {
    title: "Equipment Categories",
    description: `The rental fleet of ${equipmentTerms.fleetOwner} covers the core machines of an alluvial or open-pit gold operation.`,
  },
  categories: [
    {
      title: "Excavators",
      icon: "Construction",
      description:
        "Tracked excavators from the 20-tonne class upwards for overburden removal, pit development, trenching and loading.",
      features: [
        "20 to 36-tonne operating classes",
        "General-purpose and rock buckets",
        "Breaker and thumb attachments on request",
      ],
    },
    {
      title: "Bulldozers",
      icon: "Mountain",
      description:
        "Crawler dozers for land clearing, stripping, stockpiling and haul-road construction, including wide-track models for wet ground.",
      features: [
        "Standard and low ground pressure models",
        "Straight-tilt and power-angle-tilt blades",
        "Rear rippers for compacted ground",
      ],
    },
    {
      title: "Wash Plants & Trommels",
      icon: "Recycle",
      description:
        "Gold recovery plants from portable 50 tonnes-per-hour trommels to 150 tonnes-per-hour modular wash plants, commissioned on site.",
      features: [
        "Scrubbing, screening and sluice recovery",
        "Centrifugal concentrator options",
        "Water recycling to reduce consumption",
      ],
    },
  ] satisfies readonly FeatureCard[],
  benefitsIntro: {
    title: "Why Rent With Us",
    description: "Rental terms designed around the realities of mining in Ghana.",
  },
  benefits: [
    {
      title: "Flexible Hire Periods",
      icon: "CalendarClock",
      description: `Hire ${minimumHirePhrase}, priced at daily rates, with extensions agreed quickly when your programme changes.`,
    },
    {
      title: "No Large Capital Outlay",
      icon: "Banknote",
      description:
        "Preserve working capital for exploration and operations instead of tying it up in machinery.",
    },
    {
      title: "Inspected Before Every Hire",
      icon: "ClipboardCheck",
      description:
        "Each machine is serviced and inspected before dispatch, with a signed condition report on handover.",
    },
    {
      title: "Delivery to Site",
      icon: "Truck",
      description:
        "Low-loader transport to licensed sites across Ghana’s mining regions, coordinated around road and weather conditions, with each excavator registered and tracked as Ghana’s rules require.",
    },
    {
      title: "Maintenance Support",
      icon: "Wrench",
      description:
        "Scheduled servicing and a field technician network to minimise downtime when repairs are needed.",
    },
    {
      title: "Operator Training",
      icon: "GraduationCap",
      description:
        "Safe-operation and daily-check training for your operators, and full commissioning for processing plants.",
    },
    {
      title: "Rent-to-Own Options",
      icon: "TrendingUp",
      description:
        "On selected machines, part of the rental paid can be credited towards an agreed purchase price.",
    },
    {
      title: "Verified, Documented Contracts",
      icon: "ShieldCheck",
      description:
        "Clear written terms, verified parties and insurance arrangements agreed in writing — the same standards we apply to every transaction.",
    },
  ] satisfies readonly FeatureCard[],
  terms: {
    title: "Typical Rental Terms",
    items: [
      `Minimum hire: ${MINIMUM_HIRE.mobileEquipment} for mobile equipment, ${MINIMUM_HIRE.washPlants} for wash plants`,
      "Security deposit and advance rental payable only under a signed rental agreement",
      "Insurance against damage and theft is agreed in each rental agreement, which states who arranges it and what it covers; site security remains the hirer’s responsibility",
      "Fuel, consumables and operators supplied by the hirer unless agreed otherwise",
      "Hirers must hold, or work under, a valid mining licence or permit for the site",
      "The rental agreement is made with the Ghana subsidiary that owns the fleet, and priced in the currency stated below",
    ],
  },
  contractNotice: equipmentContractNotice,
  deliveryNotice: earthMovingEquipmentRulesNotice,
  cta: {
    title: "Tell us what your site needs",
    description: `Share the machines, site location and hire period you have in mind and we will reply with availability and a quote within ${company.responsePromise}.`,
    ctas: [
      primaryCta("Request a Rental Quote", contactHref("equipment-rental")),
      secondaryCta("View Equipment Catalogue", "/equipment"),
    ],
  },
};

export const equipmentRentalPage = {
  ...page,
  sections: [
    { id: "categories", intro: page.categoriesIntro, blocks: [{ kind: "features", items: page.categories }] },
    {
      id: "benefits",
      intro: page.benefitsIntro,
      blocks: [{ kind: "features", items: page.benefits, columns: 4 }],
    },
    {
      id: "terms",
      title: page.terms.title,
      blocks: [
        { kind: "checklist", items: page.terms.items },
        { kind: "notices", notices: [page.contractNotice, page.deliveryNotice] },
      ],
    },
  ],
} satisfies ServicePageContent;
