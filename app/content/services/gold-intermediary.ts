import {
  brandTitle,
  CLIENT_FUNDS_STATEMENT,
  company,
  primaryCta,
  secondaryCta,
  whatsappCta,
} from "../company";
import { contactHref } from "../inquiry-options";
import { antiFraudNotice, goldBoardNotice, intermediaryNotice } from "../notices";
import type { FeatureCard, ServicePageContent } from "../types";

const page = {
  meta: {
    title: brandTitle("Gold Transaction Intermediary"),
    description:
      "Verified introductions for licensed Ghana gold transactions: counterparty KYC/AML, licence checks, GoldBod-compliant structuring, assay and chain of custody.",
  },
  hero: {
    badge: "Gold Transaction Intermediary",
    title: "Licensed Ghana Gold Deals, Verified End to End",
    subtitle:
      "We introduce international buyers and licensed sellers, verify every party and document, and coordinate the transaction through Ghana’s legal channels — without ever taking title to the gold or holding your funds.",
    ctas: [
      primaryCta("Start a Gold Inquiry", contactHref("gold-buying")),
      whatsappCta("WhatsApp Consultation"),
    ],
  },
  featuresIntro: {
    title: "What Our Intermediary Service Covers",
    description:
      "Everything needed to take a gold transaction from first introduction to completed delivery, with verification at every stage.",
  },
  features: [
    {
      title: "Counterparty Verification",
      icon: "UserCheck",
      description:
        "Full KYC/AML checks on buyers, sellers and their beneficial owners, including sanctions and politically exposed person screening, before any introduction.",
    },
    {
      title: "Licence Validation",
      icon: "FileCheck",
      description:
        "Mining licences are checked with the Minerals Commission and trading licences with the Ghana Gold Board, so you only deal with parties who are authorised to sell.",
    },
    {
      title: "GoldBod-Compliant Structuring",
      icon: "Landmark",
      description:
        "GoldBod-licensed buyers and aggregators sell artisanal and small-scale gold to the Ghana Gold Board, and foreign buyers buy it only from GoldBod. We structure each deal around the channel the law requires.",
    },
    {
      title: "Assay and Refinery Reconciliation",
      icon: "Search",
      description:
        "GoldBod is the sole assayer of artisanal and small-scale gold. Where the parties want one, we arrange an independent assay by an accredited laboratory as a commercial check between them; it never replaces the assay, grading and valuation that GoldBod carries out under Act 1140. We coordinate reconciliation at the destination refinery, so weight and fineness are documented.",
    },
    {
      title: "Chain-of-Custody Records",
      icon: "ScrollText",
      description:
        "Origin, licence, assay, export and transport documents are collected into one auditable file that supports your own responsible-sourcing obligations.",
    },
    {
      title: "Secure Logistics Coordination",
      icon: "Route",
      description:
        "Insured transport with specialist secure carriers from export point to your nominated refinery or vault, coordinated with customs and export documentation.",
    },
    {
      title: "Protected Payment Structures",
      icon: "Banknote",
      description: `Payments move between the parties through regulated banks or escrow against verified documents. ${CLIENT_FUNDS_STATEMENT} We never ask for advance fees.`,
    },
    {
      title: "Dedicated Deal Manager",
      icon: "Handshake",
      description:
        "One named contact in London coordinates lawyers, assayers, carriers and counterparties, and keeps you informed at every milestone.",
    },
  ] satisfies readonly FeatureCard[],
  processIntro: {
    title: "How a Gold Transaction Works",
    description:
      "Four clear stages. A transaction only moves to the next stage once the previous one is complete and documented.",
  },
  process: [
    {
      step: 1,
      title: "Inquiry and Verification",
      description:
        "You tell us what you want to buy or sell. We complete KYC/AML on you and your organisation, confirm your source of funds or source of gold, and agree our engagement terms in writing.",
    },
    {
      step: 2,
      title: "Counterparty Matching and Due Diligence",
      description:
        "We identify suitable licensed counterparties, verify their licences and ownership, review responsible-sourcing evidence and share our findings with you before any introduction.",
    },
    {
      step: 3,
      title: "Agreement and Assay",
      description:
        "The parties negotiate and sign a sale and purchase agreement with independent legal advice. The assay basis (GoldBod’s assay, with any independent assay only as a commercial check between the parties), pricing basis, delivery terms and inspection rights are fixed in the contract.",
    },
    {
      step: 4,
      title: "Settlement and Delivery",
      description:
        "Payment is made through regulated banking or escrow against verified documents, the gold is exported and delivered by secure carrier, and we close the file with a complete chain-of-custody record.",
    },
  ],
  regulatoryNotice: goldBoardNotice,
  antiFraudNotice,
  disclaimer: intermediaryNotice,
  cta: {
    title: "Discuss a gold transaction in confidence",
    description: `Share your requirements and we will explain the verification steps and likely timeline. We reply within ${company.responsePromise}.`,
    ctas: [
      primaryCta("Start a Gold Buying Inquiry", contactHref("gold-buying")),
      secondaryCta("I Am a Licensed Seller", contactHref("gold-selling")),
    ],
  },
};

export const goldIntermediaryPage = {
  ...page,
  sections: [
    {
      id: "features",
      intro: page.featuresIntro,
      blocks: [{ kind: "features", items: page.features, columns: 4 }],
    },
    { id: "process", intro: page.processIntro, blocks: [{ kind: "steps", steps: page.process }] },
    {
      id: "safeguards",
      title: "Regulation and Safeguards",
      blocks: [{ kind: "notices", notices: [page.regulatoryNotice, page.antiFraudNotice, page.disclaimer] }],
    },
  ],
} satisfies ServicePageContent;
