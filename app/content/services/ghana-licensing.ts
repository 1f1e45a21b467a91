import { brandTitle, company, primaryCta, secondaryCta, whatsappCta } from "../company";
import { contactHref } from "../inquiry-options";
import {
  APPLICATION_STAGE_TIMEFRAMES,
  LICENCE_TERMS,
  licenceStatusPoints,
  processingTimesSentence,
} from "../licensing-facts";
import { MINERALS_COMMISSION_LINK, VERIFY_LICENCE_LINKS } from "../regulators";
import type { Notice, ServicePageContent } from "../types";

/** Served at both /licensing and /services/ghana-licensing. */
const page = {
  meta: {
    title: brandTitle("Ghana Mining Licensing Guide"),
    description:
      "A guide to Ghana mining licences: small-scale licences, mining leases and reconnaissance licences, the laws behind them, application stages and ongoing compliance.",
  },
  hero: {
    badge: "Ghana Mining Licensing",
    title: "Understanding Mining Licences in Ghana",
    subtitle:
      "Mineral rights in Ghana are applied for through the Minerals Commission under the Minerals and Mining Act, 2006 (Act 703). This guide explains the main licence types, the laws that apply and what it takes to obtain and keep a licence.",
    ctas: [
      primaryCta("Get Licensing Help", contactHref("licensing-support")),
      whatsappCta("Chat Consultation"),
    ],
  },
  authorityNote:
    "All mineral rights are applied for through the Minerals Commission, which evaluates applications and issues licences under Act 703, with grants made by the Minister responsible for mines on the Commission’s recommendation. Any licence can be verified with the Commission before you rely on it, and gold trading licences with the Ghana Gold Board.",
  /** Where the authority note sends visitors to verify a licence. */
  verifyLinks: VERIFY_LICENCE_LINKS,
  licenceStatusNotice: {
    title: "Check a licence’s current status",
    tone: "warning",
    body: "A licence that was valid when it was granted may since have been suspended or revoked. Before you rely on any licence, check its current status with the Minerals Commission.",
    points: licenceStatusPoints,
    links: [MINERALS_COMMISSION_LINK],
  } satisfies Notice,
  licenceTypesIntro: {
    title: "Licence Types",
    description:
      "The three licences most relevant to our clients. A prospecting licence, granted for up to three years and renewable, usually sits between reconnaissance and a mining lease.",
  },
  licenceTypes: [
    {
      title: "Small Scale Mining License",
      area: "Up to 25 acres",
      validity: LICENCE_TERMS.smallScale,
      description:
        "Permits small-scale mining within a defined area. Reserved by law for Ghanaian citizens; non-Ghanaians may not hold these licences or take part in small-scale mining.",
      requirements: [
        "Ghanaian citizenship and a minimum age of 18, or a group or co-operative of Ghanaian citizens",
        "Registration with the district office of the Minerals Commission",
        "Site plan with coordinates of the area applied for",
        "Environmental permit from the Environmental Protection Authority",
        "Consent of the landowner and engagement with the local community",
        "Evidence of the equipment and funding to operate responsibly",
      ],
      cost: "Application and processing fees, annual ground rent based on the acreage, and a separate environmental permit fee, all payable directly to the authorities under their current published schedules.",
    },
    {
      title: "Mining Lease",
      area: "Above 25 acres",
      validity: LICENCE_TERMS.miningLease,
      description:
        "Grants the right to mine commercially over a larger area, normally after prospecting has proved a mineable deposit. The Government of Ghana holds a free carried interest in every mining lease.",
      requirements: [
        "Company incorporated in Ghana, registered with GIPC where there is foreign participation",
        "Bankable feasibility study and mining operating plan",
        "Environmental impact assessment approved and environmental permit issued",
        "Proof of financial capacity and technical competence",
        "Local content plan for employment, training and procurement",
        "Community development agreement and, where needed, a resettlement action plan",
      ],
      cost: "Application, consideration and grant fees, an annual mineral right fee and ground rent, royalties on production at the statutory rate, reclamation security and environmental permit fees. Amounts depend on the lease area and the regulations in force.",
    },
    {
      title: "Reconnaissance License",
      validity: LICENCE_TERMS.reconnaissance,
      description:
        "Authorises regional exploration by non-invasive methods such as geological mapping, geochemical sampling and geophysical surveys. It does not permit drilling, excavation or mining.",
      requirements: [
        "Company registered in Ghana, with GIPC registration for foreign participation",
        "Detailed work programme and budget for the licence period",
        "Map and coordinates of the reconnaissance area",
        "Evidence of technical expertise and financial resources",
        "Commitment to report findings to the Minerals Commission",
      ],
      cost: "An application fee and an annual fee linked to the area held. Most of the cost lies in the committed work programme rather than in fees.",
    },
  ],
  frameworksIntro: {
    title: "Regulatory Framework",
    description: "The principal laws that govern mining activity and investment in Ghana.",
  },
  frameworks: [
    {
      title: "Minerals and Mining Act, 2006 (Act 703)",
      description:
        "The main law on mineral rights. It vests all minerals in the President in trust for the people of Ghana and sets out how rights are granted, held and lost.",
      keyPoints: [
        "Mineral rights are applied for through and administered by the Minerals Commission",
        "Licence types range from reconnaissance and prospecting to mining leases and small-scale licences",
        "Small-scale mining licences are reserved for Ghanaian citizens",
        "Royalties on production and a free carried interest for the Government in mining leases",
        "Penalties for illegal mining were substantially increased by later amendments",
      ],
    },
    {
      title: "Environmental Protection Act, 2025 (Act 1124)",
      description:
        "The current environmental law, which replaced the Environmental Protection Agency Act, 1994 (Act 490). It turned the Agency into the Environmental Protection Authority and carries forward the permit regime that every mine must satisfy.",
      keyPoints: [
        "No mining may start without an environmental permit",
        "Environmental impact assessment required for larger operations",
        "Environmental management plans and periodic reporting",
        "Reclamation obligations backed by financial security",
        "Powers to inspect, suspend and enforce against polluters",
      ],
    },
    {
      title: "Ghana Investment Promotion Centre Act, 2013 (Act 865)",
      description:
        "Governs the registration and protection of businesses with foreign participation, working alongside sector laws such as Act 703.",
      keyPoints: [
        "Enterprises with foreign participation must register with the GIPC",
        "Minimum foreign capital requirements apply; a new investment law that would remove most of them has been proposed, so check the current requirements with the GIPC",
        "Guarantees against expropriation without fair compensation",
        "Free transfer of dividends, profits and capital, subject to the law",
        "Access to dispute resolution mechanisms",
        "No tax incentive comes with registration: since the Exemptions Act, 2022 (Act 1083), exemptions are granted only under that Act, with GIPC screening applications and the Ministry of Finance deciding them",
      ],
    },
  ],
  processIntro: {
    title: "Application Process",
    description: `Six stages with typical timeframes. ${processingTimesSentence} Actual durations depend on the regulators’ workload.`,
  },
  process: [
    {
      step: 1,
      title: "Preliminary Assessment",
      description:
        "Confirm eligibility, choose the licence type and check the area’s availability on the mining cadastre.",
      timeframe: APPLICATION_STAGE_TIMEFRAMES.preliminaryAssessment,
    },
    {
      step: 2,
      title: "Document Preparation",
      description:
        "Prepare corporate, technical, financial and environmental documents, including studies and community consultations.",
      timeframe: APPLICATION_STAGE_TIMEFRAMES.documentPreparation,
    },
    {
      step: 3,
      title: "Application Submission",
      description:
        "File the complete application with the Minerals Commission and pay the prescribed fees directly to the authorities.",
      timeframe: APPLICATION_STAGE_TIMEFRAMES.submission,
    },
    {
      step: 4,
      title: "Regulatory Review",
      description:
        "The Commission and other agencies review the application, publish notices where required and may inspect the site.",
      timeframe: APPLICATION_STAGE_TIMEFRAMES.regulatoryReview,
    },
    {
      step: 5,
      title: "Approval and Grant",
      description: "On a favourable recommendation, the licence is granted, signed and registered.",
      timeframe: APPLICATION_STAGE_TIMEFRAMES.approvalAndGrant,
    },
    {
      step: 6,
      title: "Compliance Setup",
      description:
        "Put in place the permits, reporting systems, bonds and community arrangements needed before operations start.",
      timeframe: APPLICATION_STAGE_TIMEFRAMES.complianceSetup,
    },
  ],
  complianceIntro: {
    title: "Ongoing Compliance Requirements",
    description:
      "Obtaining a licence is only the start. Holders must meet these obligations throughout its life.",
  },
  complianceItems: [
    "Pay annual ground rent and mineral right fees on time",
    "Pay royalties on production as required by law",
    "Keep the environmental permit valid and follow the approved environmental management plan",
    "Submit regular operational, production and environmental reports to the regulators",
    "Maintain reclamation security and restore disturbed land progressively",
    "Meet mine health, safety and technical standards and keep incident records",
    "Employ, train and procure locally in line with local content regulations",
    "Sell small-scale gold only to the Ghana Gold Board or its licensed buyers, and keep full production and sales records",
  ],
  complianceWarning: {
    title: "Compliance warning",
    tone: "warning",
    body: "Mining without a valid licence, outside the licensed area or in breach of licence conditions is a serious offence in Ghana, punishable by heavy fines, imprisonment and the seizure of equipment. Licences can be suspended or revoked for non-compliance, and buying gold from unlicensed sources exposes buyers to criminal and reputational risk. Always verify a licence with the Minerals Commission before dealing with its holder.",
    links: [MINERALS_COMMISSION_LINK],
  } satisfies Notice,
  supportIntro: {
    title: "How We Can Help",
    description: "Our licensing team supports you from eligibility check to a compliant operation.",
  },
  support: [
    "Eligibility and licence-route assessment",
    "Cadastral searches and site due diligence",
    "Preparation and review of application documents",
    "Coordination of environmental assessments and permits",
    "Liaison with the Minerals Commission and district offices",
    "Compliance calendars, reporting and renewal support",
    "Verification of third-party licences before you transact",
  ],
  cta: {
    title: "Planning a mining project in Ghana?",
    description: `Speak to our licensing team about the right route for your project. We reply within ${company.responsePromise}.`,
    ctas: [
      primaryCta("Contact Our Licensing Team", contactHref("licensing-support")),
      secondaryCta("Licensing Support Services", "/services/licensing-support"),
    ],
  },
};

export const ghanaLicensingPage = {
  ...page,
  sections: [
    {
      id: "licence-types",
      intro: page.licenceTypesIntro,
      blocks: [
        { kind: "note", text: page.authorityNote, links: page.verifyLinks },
        { kind: "notices", notices: [page.licenceStatusNotice] },
        { kind: "licences", licences: page.licenceTypes },
      ],
    },
    {
      id: "frameworks",
      intro: page.frameworksIntro,
      blocks: [{ kind: "frameworks", frameworks: page.frameworks }],
    },
    { id: "process", intro: page.processIntro, blocks: [{ kind: "steps", steps: page.process }] },
    {
      id: "compliance",
      intro: page.complianceIntro,
      blocks: [
        { kind: "checklist", items: page.complianceItems, columns: 2 },
        { kind: "notices", notices: [page.complianceWarning] },
      ],
    },
    { id: "support", intro: page.supportIntro, blocks: [{ kind: "checklist", items: page.support }] },
  ],
} satisfies ServicePageContent;
