import { company, DOCUMENTS_STATEMENT } from "./company";
import { equipmentTerms } from "./equipment-trading";
import { kycAmlPage } from "./services/kyc-aml";

/**
 * The seed of the reply_templates table (a test holds the seed to this text; edits live in the
 * database). `[[…]]` marks what only the admin can fill in, and the desk refuses to send a reply
 * that still contains one. Every statement must stay true under Ghanaian and UK law (decision 007).
 */
type ReplyTemplateId = "kyc-checklist" | "equipment-availability" | "licensing-consultation" | "not-offered";

/** The ids the migration gave the seeded templates: fixed, so links and tests can name them. */
export const SEEDED_TEMPLATE_UUIDS: Record<ReplyTemplateId, string> = {
  "kyc-checklist": "5eed7e31-0000-4000-8000-000000000001",
  "equipment-availability": "5eed7e31-0000-4000-8000-000000000002",
  "licensing-consultation": "5eed7e31-0000-4000-8000-000000000003",
  "not-offered": "5eed7e31-0000-4000-8000-000000000004",
};

/** The subject the seeded templates start with; its placeholders are filled in per lead. */
export const SEEDED_TEMPLATE_SUBJECT = "Your inquiry {{reference}} – {{brand}}";

/** Matches a placeholder left in a draft. */
export const REPLY_PLACEHOLDER = /\[\[[^\]]*\]\]/;

interface ReplyTemplate {
  id: ReplyTemplateId;
  label: string;
  /** The paragraphs between the greeting and the signature. */
  body: string;
}

const bullets = (items: readonly string[]) => items.map((item) => `- ${item}`).join("\n");

export const REPLY_TEMPLATES: readonly ReplyTemplate[] = [
  {
    id: "kyc-checklist",
    label: "KYC document checklist",
    body: [
      "Thank you for your interest. Before we can introduce any party or proceed with any transaction, we complete customer due diligence on everyone involved. The exact list depends on your role and the transaction, but most parties should have the following ready:",
      "",
      bullets(kycAmlPage.requirements),
      "",
      DOCUMENTS_STATEMENT,
      "",
      "Nothing proceeds until the verification of every party is complete and approved.",
    ].join("\n"),
  },
  {
    id: "equipment-availability",
    label: "Equipment availability and rates",
    body: [
      "Thank you for your inquiry about our equipment.",
      "",
      "[[Machine(s), availability and location]]",
      "",
      "[[Rate and minimum hire period, or purchase price, and what it includes]]",
      "",
      "These figures are an indication, not an offer: the price, deposit, delivery and insurance arrangements are set out in a written rental or sale agreement, which states who arranges insurance and what it covers. Before any agreement we complete our standard verification (KYC) of the hirer or buyer.",
      "",
      `${equipmentTerms.ownership} ${equipmentTerms.currency}`,
      "",
      "If you let us know the site location and the dates you have in mind, we will confirm availability.",
    ].join("\n"),
  },
  {
    id: "licensing-consultation",
    label: "Licensing consultation booking",
    body: [
      "Thank you for your inquiry about licensing in Ghana. We would be glad to arrange a consultation with our licensing team to discuss the route that suits your project, the documents you will need and a realistic timeline.",
      "",
      `Please reply with two or three times that suit you. Our office hours are ${company.hours.summary.join(", ")}. ${company.hours.summerNote}`,
      "",
      "Under the Minerals and Mining Act, 2006 (Act 703), a mineral right is granted only to a company incorporated in Ghana (small-scale mining licences only to Ghanaian citizens), by the Minister responsible for mines on the recommendation of the Minerals Commission. We help you prepare and follow the application, but we cannot guarantee its outcome, and our consultation is not legal advice.",
    ].join("\n"),
  },
  {
    id: "not-offered",
    label: "Not something we do",
    body: [
      "Thank you for contacting us. Unfortunately, what you describe is not something we can help with.",
      "",
      company.disclaimer,
      "",
      "We are sorry we cannot assist with this request, and we wish you well with it.",
    ].join("\n"),
  },
];

export function findReplyTemplate(id: string): ReplyTemplate | undefined {
  return REPLY_TEMPLATES.find((template) => template.id === id);
}
