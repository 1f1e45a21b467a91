import { company } from "./company";
import { equipmentTerms } from "./equipment-trading";
import { MINERALS_COMMISSION_LINK, VERIFY_LICENCE_LINKS } from "./regulators";
import type { Notice } from "./types";

/** Notices shared by several pages (the anti-fraud notice: gold intermediary, KYC/AML, FAQs). */

export const antiFraudNotice: Notice = {
  title: "Protect yourself from gold fraud",
  tone: "warning",
  body:
    "Fraudulent gold offers aimed at overseas buyers are common. Before relying on any seller, licence or document, verify it independently — " +
    `and remember that ${company.brandName} never asks for advance fees outside a signed, verified deal.`,
  points: [
    "Any Ghanaian mining licence can be verified directly with the Minerals Commission of Ghana, and any gold trading licence with the Ghana Gold Board, before you commit to anything.",
    "Under the Ghana Gold Board Act, 2025 (Act 1140), foreign buyers can buy gold from artisanal and small-scale mining only from the Ghana Gold Board (GoldBod), which is its sole assayer. Offers to sell or export such gold to you “directly” are a warning sign.",
    `${company.brandName} never requests “release fees”, “customs charges”, “insurance bonds” or any other advance payment outside a signed, verified agreement.`,
    `If anyone claiming to represent us asks you for money, stop and contact us on ${company.phone.display} or at ${company.emails.general.address} before doing anything else.`,
  ],
  links: VERIFY_LICENCE_LINKS,
};

/** GoldBod's own KYC and due diligence of its off-takers, with the Bank of Ghana and the FIC (docs/decisions/072). */
export const GOLDBOD_OFFTAKER_KYC =
  "GoldBod runs its own KYC and due diligence test, with the Bank of Ghana and the Financial Intelligence Centre, on everyone who buys gold from it and everyone it licenses: our checks come on top of it and never replace it.";

export const goldBoardNotice: Notice = {
  title: "How Ghana gold is legally traded",
  tone: "info",
  body:
    "The Ghana Gold Board Act, 2025 (Act 1140) established the Ghana Gold Board (GoldBod) and repealed the law that created PMMC, the Precious Minerals Marketing Company. " +
    "Since 1 May 2025, buyers and aggregators licensed by GoldBod buy gold from artisanal and small-scale miners and sell it to GoldBod. Foreign buyers may buy that gold only from GoldBod, which is its sole assayer and exporter. " +
    "Large-scale producers holding mining leases export under the terms of their leases and the applicable Bank of Ghana and GoldBod arrangements. An independent assay that the parties commission is at most a commercial check between them: it never replaces the assay, grading and valuation that GoldBod carries out under Act 1140. We structure every introduction to fit these channels. " +
    GOLDBOD_OFFTAKER_KYC,
};

export const intermediaryNotice: Notice = {
  title: "Intermediary, not a bullion dealer",
  tone: "info",
  body: company.disclaimer,
};

/** Who owns and who contracts for equipment, and in which currency: on every page that prices equipment. */
export const equipmentContractNotice: Notice = {
  title: "Who you contract with",
  tone: "info",
  body: `${equipmentTerms.ownership} ${equipmentTerms.currency}`,
};

/** Wherever a page speaks of delivering or importing equipment (docs/decisions/031). */
export const earthMovingEquipmentRulesNotice: Notice = {
  title: "Excavators in Ghana: import permit, DVLA registration and tracking",
  tone: "warning",
  body: `Since 2025 an excavator may enter Ghana only under an import permit, and it must be registered with the DVLA and tracked by the Minerals Commission. ${equipmentTerms.contractingParty} delivers a machine only to a site covered by a valid licence or permit.`,
  points: [
    "Import permit: the Ministry of Transport issues it only after the Minerals Commission and the DVLA have verified that the importer holds a valid mining licence or is engaged in a legitimate construction project; Customs release an excavator only against an approved permit.",
    "DVLA registration: since 1 May 2025 excavators are registered by the DVLA at the port of entry and carry a distinctive green-on-white number plate.",
    "Minerals Commission tracking: under the Minerals and Mining (Mineral Operations – Tracking of Earth Moving and Mining Equipment) Regulations, 2020 (L.I. 2404), earth-moving and mining equipment used in mineral operations is registered and tracked in real time by the Minerals Commission.",
    "These rules are being applied and may change; check the current requirements with the Minerals Commission before importing or moving a machine.",
  ],
  links: [MINERALS_COMMISSION_LINK],
};
