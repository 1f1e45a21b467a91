import { brandTitle, company, primaryCta, secondaryCta } from "./company";
import { equipmentTerms } from "./equipment-trading";
import type { CtaSection, FeatureCard, Leader, PageHero, PageMeta, SectionIntro } from "./types";

export const aboutPage = {
  meta: {
    title: brandTitle("About Us"),
    description: `Meet ${company.brandName}: a London-based intermediary founded in ${company.foundedYear} for verified Ghana gold transactions and mining equipment, with compliance at its core.`,
  } satisfies PageMeta,
  hero: {
    badge: `Established ${company.foundedYear} • London`,
    title: `About ${company.brandName}`,
    subtitle:
      "A UK-established intermediary bringing transparency, verification and practical know-how to Ghana’s gold and mining equipment markets.",
  } satisfies PageHero,
  story: {
    title: "Our Story",
    paragraphs: [
      `${company.brandName} was founded in London in ${company.foundedYear} by a team who had spent years on both sides of the Ghana gold trade — on mine sites and processing plants in the Western and Ashanti regions, and in the compliance and trade-finance departments of London institutions. Again and again they saw genuine buyers walk away from legitimate opportunities because they could not tell them apart from the fraudulent offers that circulate around West African gold.`,
      "We set out to close that gap. Rather than trading gold ourselves, we act as an intermediary: we verify the people, licences and documents behind a transaction, introduce qualified parties to each other and coordinate the practical work of assay, logistics and paperwork until a deal completes or is properly declined.",
      `Mining equipment followed naturally. Operators we worked with needed reliable excavators, dozers and wash plants, so our Ghana subsidiary, ${equipmentTerms.fleetOwner}, built a rental fleet and we built a sourcing network for new and used machines, with the same diligence applied to every equipment deal. The subsidiary owns the fleet and is the contracting party for every rental and sale.`,
      "When Ghana’s gold market was restructured under the Ghana Gold Board Act, 2025 (Act 1140), we adapted every process to the new regime. Today our clients range from international refiners and family offices to Ghanaian mining companies seeking equipment, licensing support and strategic advice.",
    ],
  },
  credentials: {
    title: "Credentials and Safeguards",
    items: [
      `${company.registration.display}; ${company.address.label.toLowerCase()}: ${company.address.singleLine}`,
      `${company.ghanaLicence.attribution}. ${company.ghanaLicence.coverage}`,
      "Documented KYC/AML programme with customer due diligence modelled on the UK Money Laundering Regulations 2017 and the FATF Recommendations, and suspicions reported to the National Crime Agency",
      "Responsible-sourcing due diligence based on the OECD Due Diligence Guidance and the LBMA Responsible Gold Guidance",
      "A named Head of Compliance who reviews every transaction file",
      "Introductions only to parties whose licences can be verified with the Minerals Commission or the Ghana Gold Board",
      "Personal data handled in line with UK GDPR and the Data Protection Act 2018",
      "Partner network in Accra, Kumasi and Tarkwa for site visits and document checks",
    ],
  },
  pillars: [
    {
      title: "Our Mission",
      icon: "Target",
      description:
        "To make legitimate Ghana gold transactions and mining equipment deals safe and straightforward for every party, by verifying first and introducing second.",
    },
    {
      title: "Our Vision",
      icon: "Eye",
      description:
        "A Ghanaian gold sector where responsibly produced gold reaches international markets through transparent, traceable channels that benefit producers and communities alike.",
    },
    {
      title: "Our Commitment",
      icon: "Heart",
      description:
        "No shortcuts: full KYC/AML on every transaction, honest advice even when it means a deal should not proceed, and no advance fees outside a signed, verified agreement.",
    },
  ] satisfies readonly FeatureCard[],
  valuesIntro: {
    title: "Our Core Values",
    description: "Four principles guide every introduction we make and every machine we supply.",
  } satisfies SectionIntro,
  values: [
    {
      title: "Integrity",
      icon: "Scale",
      description:
        "We tell clients what we find, good or bad. If a counterparty, licence or document cannot be verified, the transaction does not proceed.",
    },
    {
      title: "Partnership",
      icon: "Handshake",
      description:
        "We build long-term relationships with buyers, producers and operators, and measure success by deals that are still working years later.",
    },
    {
      title: "Global Reach",
      icon: "Globe",
      description:
        "From London and our partners in Ghana we connect clients across Europe, the Middle East, Asia and the Americas with opportunities in West Africa.",
    },
    {
      title: "Excellence",
      icon: "Award",
      description:
        "Careful documentation, responsive communication and well-maintained equipment — the details that make complex transactions run smoothly.",
    },
  ] satisfies readonly FeatureCard[],
  leadershipIntro: {
    title: "Leadership Team",
    description:
      "Experienced professionals from mining, compliance and equipment operations, working between London and Ghana.",
  } satisfies SectionIntro,
  leadership: [
    {
      name: "Abena Darko-Whitfield",
      initials: "AD",
      position: "Founder & Managing Director",
      bio: "Born in Kumasi and educated in mining engineering and international business, Abena spent more than fifteen years in Ghanaian mine operations and commodity trade finance before founding the company. She leads client relationships, deal structuring and the firm’s partnerships in Ghana.",
      specialties: [
        "Gold transaction structuring",
        "Ghana mining sector relations",
        "Stakeholder negotiation",
        "Mine operations",
      ],
    },
    {
      name: "Jonathan Pryce-Ellison",
      initials: "JP",
      position: "Head of Compliance",
      bio: "Jonathan has worked in financial crime compliance for over twelve years, including senior roles supporting precious-metals and commodities businesses in London. As Head of Compliance he owns the firm’s KYC/AML programme and signs off every transaction file.",
      specialties: [
        "KYC/AML and sanctions screening",
        "Responsible sourcing due diligence",
        "UK Money Laundering Regulations",
        "Risk assessment",
      ],
    },
    {
      name: "Kwabena Asamoah-Tetteh",
      initials: "KA",
      position: "Director, Ghana Operations & Equipment",
      bio: "A mining engineer with eighteen years on small and medium-scale sites across Ghana’s Western and Ashanti regions, Kwabena runs the equipment fleet, site assessments and our licensing liaison work from Tarkwa and Accra.",
      specialties: [
        "Equipment sourcing and logistics",
        "Wash plant commissioning",
        "Mining licence applications",
        "Site and geological assessments",
      ],
    },
  ] satisfies readonly Leader[],
  cta: {
    title: "Work with a partner you can verify",
    description:
      "Whether you are buying, selling, equipping a site or applying for a licence, start with a confidential conversation.",
    ctas: [primaryCta("Contact Us", "/contact"), secondaryCta("Explore Our Services", "/services")],
  } satisfies CtaSection,
};
