import { brandTitle, company, primaryCta, secondaryCta, whatsappCta } from "../company";
import { contactHref } from "../inquiry-options";
import { antiFraudNotice, GOLDBOD_OFFTAKER_KYC } from "../notices";
import type { FeatureCard, Notice, ServicePageContent } from "../types";

interface ComplianceStandard {
  title: string;
  description: string;
}

const page = {
  meta: {
    title: brandTitle("KYC/AML Compliance"),
    description:
      "How we verify every party to a gold or equipment deal: identity, ownership, sanctions screening and responsible-sourcing checks to FATF, OECD and LBMA standards.",
  },
  hero: {
    badge: "KYC/AML Compliance",
    title: "Verification Comes First, on Every Transaction",
    subtitle:
      "No introduction, rental or sale proceeds until every party has been identified and verified. Our compliance programme protects you, your counterparties and the integrity of Ghana’s gold trade.",
    ctas: [
      primaryCta("Discuss Your Compliance Needs", contactHref("consultation")),
      whatsappCta("WhatsApp Consultation"),
    ],
  },
  servicesIntro: {
    title: "Our Compliance Services",
    description: "Three layers of checks, applied in proportion to the risk of each transaction.",
  },
  services: [
    {
      title: "Customer Due Diligence",
      icon: "Fingerprint",
      description:
        "Identification and verification of every individual and organisation involved in a transaction, including the people who ultimately own or control them.",
      features: [
        "Identity and address verification",
        "Company and beneficial ownership checks",
        "Authority of representatives confirmed",
      ],
    },
    {
      title: "Screening and Enhanced Due Diligence",
      icon: "ShieldAlert",
      description:
        "Sanctions, politically exposed person and adverse media screening, with enhanced checks where a party, country or structure presents higher risk.",
      features: [
        "UK, UN, EU and US sanctions lists",
        "PEP and adverse media screening",
        "Source of funds and source of wealth review",
      ],
    },
    {
      title: "Responsible Sourcing Due Diligence",
      icon: "Leaf",
      description:
        "Checks that gold comes from a licensed, legitimate source and has not financed conflict, human rights abuses or environmental crime.",
      features: [
        "Mine licence and origin verification",
        "Supply-chain risk assessment",
        "Chain-of-custody documentation",
      ],
    },
  ] satisfies readonly FeatureCard[],
  processIntro: {
    title: "Our Verification Process",
    description: "Six steps, completed and signed off before any transaction can proceed.",
  },
  process: [
    {
      step: 1,
      title: "Onboarding and Document Collection",
      description:
        "We explain what is needed, then ask for identity, corporate and transaction documents and tell you how to send them.",
    },
    {
      step: 2,
      title: "Identity and Ownership Verification",
      description:
        "Documents are verified against original or certified copies and official registers, and beneficial owners are identified.",
    },
    {
      step: 3,
      title: "Screening",
      description:
        "All individuals and entities are screened against sanctions lists, PEP databases and adverse media sources.",
    },
    {
      step: 4,
      title: "Risk Assessment",
      description:
        "We assess the risk of the party and the transaction, including source of funds for buyers and source of gold for sellers.",
    },
    {
      step: 5,
      title: "Compliance Review and Approval",
      description:
        "Our Head of Compliance reviews the file and approves, requests more information or declines.",
    },
    {
      step: 6,
      title: "Ongoing Monitoring and Record Keeping",
      description:
        "Relationships are monitored for changes, checks are refreshed periodically and records are kept for five years after the relationship ends.",
    },
  ],
  requirementsIntro: {
    title: "Documents We Will Ask For",
    description:
      "The exact list depends on your role and the transaction, but most parties should have the following ready.",
  },
  requirements: [
    "Valid passport or national identity card for each individual, director and beneficial owner",
    "Proof of residential address dated within the last three months",
    "Certificate of incorporation and constitutional documents for each company",
    "Register of directors and shareholders, identifying everyone who owns or controls 25% or more",
    "Evidence of source of funds for buyers, such as bank statements or audited accounts",
    "For sellers, valid Minerals Commission or Ghana Gold Board licences and evidence of the gold’s origin",
    "A bank reference or confirmation of an account with a regulated bank",
    "Signed declarations on sanctions, PEP status and responsible sourcing, and letters of authority for representatives",
  ],
  regulatoryNotice: {
    title: "Regulatory notice",
    tone: "warning",
    body:
      `${company.brandName} will not proceed with any transaction until KYC/AML verification of every party is complete and approved. ` +
      "We may decline or end any engagement without giving reasons where risks cannot be resolved. " +
      "We apply customer due diligence modelled on the UK Money Laundering Regulations 2017, and where we know or suspect money laundering or terrorist financing, we report it to the UK National Crime Agency.",
  } satisfies Notice,
  standardsIntro: {
    title: "International Standards We Follow",
    description:
      "Our programme is built on the laws and guidance that govern responsible gold supply chains in the UK, Ghana and internationally.",
  },
  standards: [
    {
      title: "FATF Recommendations",
      description:
        "The global standard for combating money laundering, terrorist financing and proliferation financing.",
    },
    {
      title:
        "OECD Due Diligence Guidance for Responsible Supply Chains of Minerals from Conflict-Affected and High-Risk Areas",
      description:
        "The five-step framework for identifying and mitigating supply-chain risks, including its gold supplement.",
    },
    {
      title: "LBMA Responsible Gold Guidance",
      description:
        "The responsible-sourcing requirements that refiners supplying the London bullion market must meet.",
    },
    {
      title: "UK Money Laundering Regulations 2017",
      description:
        "The Money Laundering, Terrorist Financing and Transfer of Funds (Information on the Payer) Regulations 2017. Our customer due diligence and record keeping are modelled on them.",
    },
    {
      title: "Proceeds of Crime Act 2002 and UK sanctions regulations",
      description:
        "The UK’s money laundering offences, under which we report suspicions to the National Crime Agency, and the financial sanctions regime administered by HM Treasury’s OFSI.",
    },
    {
      title: "Ghana’s Anti-Money Laundering Act, 2020 (Act 1044)",
      description:
        "Ghana’s AML framework, which treats dealers in precious metals as accountable institutions. They report suspicious transactions to the Financial Intelligence Centre, which receives and analyses those reports.",
    },
    {
      title: "Ghana Gold Board Act, 2025 (Act 1140)",
      description: `The law under which GoldBod-licensed buyers and aggregators sell artisanal and small-scale gold to the Ghana Gold Board, and foreign buyers buy that gold only from GoldBod, its sole assayer. ${GOLDBOD_OFFTAKER_KYC}`,
    },
  ] satisfies readonly ComplianceStandard[],
  antiFraudNotice,
  cta: {
    title: "Ready to start verification?",
    description:
      "Talk to our compliance team about what you need to provide and how long it will take for your transaction.",
    ctas: [
      primaryCta("Contact Our Compliance Team", contactHref("consultation")),
      secondaryCta("View All Services", "/services"),
    ],
  },
};

export const kycAmlPage = {
  ...page,
  sections: [
    { id: "services", intro: page.servicesIntro, blocks: [{ kind: "features", items: page.services }] },
    { id: "process", intro: page.processIntro, blocks: [{ kind: "steps", steps: page.process }] },
    {
      id: "requirements",
      intro: page.requirementsIntro,
      blocks: [
        { kind: "checklist", items: page.requirements, columns: 2 },
        { kind: "notices", notices: [page.regulatoryNotice] },
      ],
    },
    {
      id: "standards",
      intro: page.standardsIntro,
      blocks: [{ kind: "standards", standards: page.standards }],
    },
    { id: "fraud", title: "Avoiding Fraud", blocks: [{ kind: "notices", notices: [page.antiFraudNotice] }] },
  ],
} satisfies ServicePageContent;
