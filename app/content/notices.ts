import { company } from "./company";
import type { Notice } from "./types";

/**
 * Notices shared by several pages. The anti-fraud notice must appear on the
 * gold intermediary page, the KYC/AML page and in the FAQs, so it lives here
 * once rather than being copied.
 */

export const antiFraudNotice: Notice = {
  title: "Protect yourself from gold fraud",
  tone: "warning",
  body:
    "Fraudulent gold offers aimed at overseas buyers are common. Before relying on any seller, licence or document, verify it independently — " +
    `and remember that ${company.brandName} never asks for advance fees outside a signed, verified deal.`,
  points: [
    "Any Ghanaian mining licence can be verified directly with the Minerals Commission of Ghana before you commit to anything.",
    "Since the Ghana Gold Board Act, 2025 (Act 1140), gold from artisanal and small-scale mining can only be legally bought, assayed and exported through the Ghana Gold Board (GoldBod). Offers to export such gold “directly” are a warning sign.",
    `${company.brandName} never requests “release fees”, “customs charges”, “insurance bonds” or any other advance payment outside a signed, verified agreement.`,
    `If anyone claiming to represent us asks you for money, stop and contact us on ${company.phone.display} or at ${company.emails.general.address} before doing anything else.`,
  ],
};

export const goldBoardNotice: Notice = {
  title: "How Ghana gold is legally traded",
  tone: "info",
  body:
    "The Ghana Gold Board Act, 2025 (Act 1140) established the Ghana Gold Board (GoldBod) and repealed the law that created PMMC, the Precious Minerals Marketing Company. " +
    "GoldBod is now the sole legal buyer, assayer and exporter of gold produced by artisanal and small-scale miners, and only GoldBod-licensed parties may deal in that gold within Ghana. " +
    "Large-scale producers holding mining leases export under the terms of their leases and the applicable Bank of Ghana and GoldBod arrangements. We structure every introduction to fit these channels.",
};

export const intermediaryNotice: Notice = {
  title: "Intermediary, not a bullion dealer",
  tone: "info",
  body: company.disclaimer,
};
