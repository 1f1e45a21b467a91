import { brandTitle, company, primaryCta, secondaryCta } from "../company";
import { contactHref } from "../inquiry-options";
import { equipmentTerms } from "../equipment-trading";
import type { BenefitGroup, FeatureCard, PageHero, ServicePageContent } from "../types";

const page = {
  meta: {
    title: brandTitle("Mining & Gold Sector Consultation"),
    description:
      "Advice on Ghana gold sector market entry, deal structuring, mining operations and regulatory strategy, from initial assessments to ongoing advisory.",
  },
  hero: {
    badge: "Consultation Services",
    title: "Expert Guidance for Ghana’s Gold and Mining Sector",
    subtitle:
      "Practical advice from people who have worked on Ghanaian mine sites, in compliance teams and at the negotiating table — so you can make decisions with clear eyes.",
    ctas: [
      primaryCta("Book Consultation", "/contact"),
      {
        label: "Initial Discussion",
        href: company.whatsapp.chatUrl,
        external: true,
        variant: "secondary",
      },
    ],
  } satisfies PageHero,
  servicesIntro: {
    title: "Consultation Services",
    description:
      "Three services, tailored to where you are in your project. None of them is financial, investment, legal or tax advice; for those we introduce you to regulated advisers.",
  },
  services: [
    {
      title: "Market Entry & Regulatory Orientation",
      icon: "Compass",
      description:
        "For investors and companies considering Ghana’s gold and mining sector for the first time or expanding an existing presence.",
      features: [
        "Sector and regulatory landscape briefings",
        "Entry structure and partner options",
        "Regulatory and operating risk briefings",
        "Introductions to legal, tax and banking advisers",
      ],
    },
    {
      title: "Transaction Advisory",
      icon: "Briefcase",
      description:
        "For buyers, sellers and investors preparing a gold purchase, offtake, equipment acquisition or project investment.",
      features: [
        "Deal structure and contract review points",
        "Counterparty and document due diligence",
        "Assay, logistics and payment planning",
        "Red-flag and fraud risk review",
      ],
    },
    {
      title: "Operations & Regulatory Advisory",
      icon: "Settings",
      description:
        "For mine operators seeking to improve productivity, choose equipment or strengthen their compliance position.",
      features: [
        "Equipment selection and fleet planning",
        "Processing and recovery improvement",
        "Licence compliance and reporting health checks",
        "Environmental and community engagement planning",
      ],
    },
  ] satisfies readonly FeatureCard[],
  expertiseIntro: {
    title: "Areas of Expertise",
    description: "What our consultants bring to your project.",
  },
  expertise: [
    {
      title: "Gold Trade and Markets",
      icon: "Gem",
      benefits: [
        "Understanding of the Ghana Gold Board regime and export channels",
        "Refinery, assay and pricing conventions",
        "Responsible-sourcing expectations of international buyers",
      ],
    },
    {
      title: "Mining Operations",
      icon: "Pickaxe",
      benefits: [
        "Alluvial and open-pit operating experience",
        "Mine planning for small and medium-scale sites",
        "Wash plant and trommel performance",
      ],
    },
    {
      title: "Regulation and Compliance",
      icon: "Scale",
      benefits: [
        "Minerals and Mining Act licensing routes",
        "Environmental permitting and reporting",
        "KYC/AML and sanctions compliance in the UK and Ghana",
      ],
    },
    {
      title: "Equipment and Logistics",
      icon: "Truck",
      benefits: [
        "Rent-versus-buy analysis",
        "Sourcing, shipping and import clearance",
        "Maintenance planning for remote sites",
      ],
    },
  ] satisfies readonly BenefitGroup[],
  formatsIntro: {
    title: "Consultation Formats",
    description: "Choose the format that fits your decision and timeline.",
  },
  formats: [
    {
      title: "Initial Assessment",
      duration: "2-4 hours",
      description:
        "A focused session to understand your objectives, review what you have so far and identify the key risks, options and next steps.",
    },
    {
      title: "Strategic Workshop",
      duration: "1-2 days",
      description:
        "An in-depth working session with your team, in London, in Ghana or online, producing a documented strategy and action plan.",
    },
    {
      title: "Ongoing Advisory",
      duration: "Monthly or quarterly",
      description:
        "A standing advisory relationship with scheduled reviews and on-call access as your project or trading programme develops.",
    },
    {
      title: "Project-Specific",
      duration: "As required",
      description:
        "Scoped support for a defined piece of work, such as a transaction, an equipment purchase or a licence application.",
    },
  ],
  reasonsIntro: {
    title: "Why Choose Our Consultation",
    description: "Advice grounded in real transactions and real mine sites.",
  },
  reasons: [
    {
      title: "Hands-On Experience",
      icon: "HardHat",
      description:
        "Our consultants have operated equipment, run compliance programmes and closed transactions in Ghana.",
    },
    {
      title: "Candid, With Interests Declared",
      icon: "Scale",
      description: `We will tell you when a deal, site or structure does not stand up, even if that ends the engagement. Our Ghana subsidiary, ${equipmentTerms.fleetOwner}, rents and sells mining equipment: where our advice touches equipment, we say so, and it is not independent advice.`,
    },
    {
      title: "London and Ghana Perspective",
      icon: "Globe",
      description: "We understand both what international partners expect and how things work on the ground.",
    },
    {
      title: "Confidential by Default",
      icon: "ShieldCheck",
      description: "Your plans and information are handled under confidentiality agreements and UK GDPR.",
    },
  ] satisfies readonly FeatureCard[],
  approachIntro: {
    title: "Our Approach",
    description: "Every engagement follows the same four steps.",
  },
  approach: [
    {
      step: 1,
      title: "Understanding Your Needs",
      description: "We listen first: your goals, constraints, timeline and what has already been tried.",
    },
    {
      step: 2,
      title: "Strategic Analysis",
      description:
        "We examine the regulatory, commercial and operational factors that will shape the outcome.",
    },
    {
      step: 3,
      title: "Actionable Recommendations",
      description:
        "You receive clear, prioritised recommendations with the reasoning, risks and costs behind them.",
    },
    {
      step: 4,
      title: "Implementation Support",
      description: "We stay involved as you act on the plan, adjusting as circumstances change.",
    },
  ],
  cta: {
    title: "Book a consultation",
    description: `Tell us what you are working on and we will suggest the right format and consultant within ${company.responsePromise}.`,
    ctas: [
      primaryCta("Book Consultation", contactHref("consultation")),
      secondaryCta("View All Services", "/services"),
    ],
  },
};

export const consultationPage = {
  ...page,
  sections: [
    { id: "services", intro: page.servicesIntro, blocks: [{ kind: "features", items: page.services }] },
    { id: "expertise", intro: page.expertiseIntro, blocks: [{ kind: "expertise", groups: page.expertise }] },
    { id: "formats", intro: page.formatsIntro, blocks: [{ kind: "formats", formats: page.formats }] },
    {
      id: "reasons",
      intro: page.reasonsIntro,
      blocks: [{ kind: "features", items: page.reasons, columns: 4 }],
    },
    { id: "approach", intro: page.approachIntro, blocks: [{ kind: "steps", steps: page.approach }] },
  ],
} satisfies ServicePageContent;
