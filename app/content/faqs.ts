import { brandTitle, CLIENT_FUNDS_STATEMENT, company, primaryCta } from "./company";
import { equipmentTerms, MINIMUM_HIRE } from "./equipment-trading";
import { processingTimesSentence } from "./licensing-facts";
import { antiFraudNotice } from "./notices";
import { VERIFY_LICENCE_LINKS } from "./regulators";
import type { CtaSection, FaqSection, PageHero, PageMeta } from "./types";

const faqSections: readonly FaqSection[] = [
  {
    id: "gold-deals",
    title: "How Gold Deals Work",
    faqs: [
      {
        question: "How does a gold transaction through you work?",
        answer:
          "It runs in four stages: we verify you, then identify and verify a licensed counterparty, then the parties sign a sale and purchase agreement with assay and delivery terms, and finally payment is made through regulated banking or escrow against verified documents while the gold is exported and delivered by secure carrier. Nothing moves to the next stage until the previous one is complete and documented.",
      },
      {
        question: "Do you buy or sell gold yourselves?",
        answer: `No. ${company.brandName} is an intermediary, not a bullion dealer. We never take title to gold, hold stock or set prices. We verify the parties, make introductions and coordinate the transaction, and we are paid under a written engagement agreement.`,
      },
      {
        question: "Can I buy gold directly from small-scale miners in Ghana?",
        answer:
          "No. Under the Ghana Gold Board Act, 2025 (Act 1140), which replaced the former Precious Minerals Marketing Company (PMMC) with the Ghana Gold Board (GoldBod), buyers and aggregators licensed by GoldBod have sold artisanal and small-scale gold to GoldBod since 1 May 2025. Foreign buyers may buy that gold only from GoldBod, which is its sole assayer. Anyone offering to sell small-scale gold for direct export is offering something the law does not allow.",
      },
      {
        question: "How is the gold tested and priced?",
        answer:
          "For artisanal and small-scale gold, GoldBod is the sole assayer and its assay establishes weight and fineness. The parties may also commission an independent assay by an accredited laboratory, but only as a commercial check between them: it never replaces the assay, grading and valuation that GoldBod carries out under the Ghana Gold Board Act, 2025 (Act 1140). The receiving refinery reconciles the result. The pricing basis, usually the LBMA gold price with an agreed adjustment, is fixed in the contract between the parties. We do not give price forecasts or investment advice.",
      },
    ],
  },
  {
    id: "kyc",
    title: "KYC and Verification",
    faqs: [
      {
        question: "Which documents do I need for KYC?",
        answer:
          "Typically a passport or national ID and a recent proof of address for each individual involved, company incorporation documents and a register of directors and shareholders, evidence of source of funds for buyers, valid licences and proof of origin for sellers, a bank reference, and signed sanctions and PEP declarations. We confirm the exact list at the start.",
      },
      {
        question: "Why do you need all this information?",
        answer:
          "Banks, refiners and dealers in a gold supply chain must know who they are dealing with and where the gold and money come from, under UK and Ghanaian anti-money laundering law and international guidance from the FATF, OECD and LBMA. Our customer due diligence is modelled on the UK Money Laundering Regulations 2017 so that every party can rely on a complete file. Verification also protects you from fraud.",
      },
      {
        question: "Can a transaction skip verification if it is urgent?",
        answer:
          "No. Every party to every transaction is verified before it proceeds, whatever the size or urgency. Pressure to skip checks is itself a warning sign we take seriously.",
      },
    ],
  },
  {
    id: "timelines",
    title: "Timelines",
    faqs: [
      {
        question: "How quickly will you respond to my inquiry?",
        answer: `We reply to inquiries within ${company.responsePromise}. Our office hours are ${company.hours.summary.join(", ")}. ${company.hours.summerNote}`,
      },
      {
        question: "How long does a gold transaction take?",
        answer:
          "Verification usually takes one to three weeks once complete documents are received. Counterparty due diligence, contract negotiation, assay and export arrangements typically add several more weeks. We give you a realistic timetable once we understand the transaction.",
      },
      {
        question: "How long does a mining licence application take in Ghana?",
        answer: `${processingTimesSentence} Check any licence’s current status with the Minerals Commission before relying on it.`,
      },
    ],
  },
  {
    id: "equipment",
    title: "Equipment Rental and Sales",
    faqs: [
      {
        question: "What are your rental terms?",
        answer: `${equipmentTerms.ownership} ${equipmentTerms.currency} The minimum hire is ${MINIMUM_HIRE.mobileEquipment} for mobile equipment and ${MINIMUM_HIRE.washPlants} for wash plants. Delivery, fuel, operators and taxes are extra unless agreed. A deposit and advance rental are payable only under a signed rental agreement.`,
      },
      {
        question: "Do I need a mining licence to rent equipment?",
        answer:
          "Yes. Equipment for use at a mine site is rented only to operators who hold, or work under, a valid licence or permit for that site, which we verify before delivery.",
      },
      {
        question: "Is used equipment inspected before sale?",
        answer:
          "Yes. Every used machine receives an independent mechanical inspection, hour-meter and service history checks and ownership verification before you commit to buy.",
      },
    ],
  },
  {
    id: "about-us",
    title: "What We Are — and Are Not",
    faqs: [
      {
        question: "What is your company not?",
        answer: `We are not a bullion dealer, a bank, an investment firm or a Ghanaian government agency. ${CLIENT_FUNDS_STATEMENT} We do not hold gold, give financial or investment advice, or grant licences. We are a UK-established intermediary that verifies, introduces and coordinates; mining equipment is owned, rented and sold by our Ghana subsidiary, ${equipmentTerms.fleetOwner}.`,
      },
      {
        question: "Will you ever ask me for an advance fee?",
        answer: `No. ${company.brandName} never asks for advance fees, “release fees” or similar payments outside a signed, verified deal. If anyone using our name asks you for money, contact us on ${company.phone.display} or at ${company.emails.general.address} first.`,
      },
      {
        question: "How can I check that a Ghanaian licence is genuine?",
        answer:
          "Mining licences can be verified directly with the Minerals Commission of Ghana, and gold trading licences with the Ghana Gold Board. We carry out these checks for you as part of every transaction, and we encourage you to verify independently too.",
        links: VERIFY_LICENCE_LINKS,
      },
    ],
  },
];

export const faqsPage = {
  meta: {
    title: brandTitle("Frequently Asked Questions"),
    description:
      "Answers on how our gold transactions work, KYC documents, timelines, equipment rental terms, licence checks and what an intermediary does and does not do.",
  } satisfies PageMeta,
  hero: {
    badge: "FAQs",
    title: "Frequently Asked Questions",
    subtitle: "Straight answers about gold transactions, verification, timelines and equipment.",
  } satisfies PageHero,
  sections: faqSections,
  antiFraudNotice,
  cta: {
    title: "Still have a question?",
    description: `Our team will answer within ${company.responsePromise}.`,
    ctas: [
      primaryCta("Contact Us", "/contact"),
      {
        label: "Chat on WhatsApp",
        href: company.whatsapp.greetingUrl,
        external: true,
        variant: "secondary",
      },
    ],
  } satisfies CtaSection,
};
