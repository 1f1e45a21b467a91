import { brandTitle, CLIENT_FUNDS_STATEMENT, company } from "./company";
import { equipmentTerms } from "./equipment-trading";
import { VERIFY_LICENCE_LINKS } from "./regulators";
import { type LegalDocument, list, paragraph } from "./types";

export const termsPage: LegalDocument = {
  meta: {
    title: brandTitle("Terms of Use"),
    description: `The terms that govern use of the ${company.brandName} website, including our role as an intermediary, KYC/AML conditions, equipment listings and liability.`,
  },
  title: "Terms of Use",
  lastUpdated: "27 November 2026",
  intro: `These terms govern your use of ${company.website.display}. By using the website you agree to them. If you do not agree, please do not use the website.`,
  sections: [
    {
      id: "who-we-are",
      heading: "1. Who we are",
      blocks: [
        paragraph(
          `This website is operated by ${company.legalName}, registered in ${company.registration.jurisdiction} under company number ${company.registration.companyNumber}, with its registered office at ${company.address.singleLine}.${company.registration.vatNumber ? ` VAT no. ${company.registration.vatNumber}.` : ""} You can contact us at ${company.emails.general.address} or on ${company.phone.display}.`,
        ),
      ],
    },
    {
      id: "our-role",
      heading: "2. Our role",
      blocks: [
        paragraph(
          `In gold transactions ${company.brandName} is an intermediary: we introduce and coordinate verified parties to licensed gold transactions. We are not a bullion dealer, bank or investment firm: we do not buy, sell or hold gold on our own account. ${CLIENT_FUNDS_STATEMENT}`,
        ),
        paragraph(
          `Mining equipment is different. ${equipmentTerms.ownership} Every rental and sale agreement is made with ${equipmentTerms.fleetOwner}, not with ${company.legalName}.`,
        ),
        paragraph(
          "Any engagement, introduction, rental or sale is governed by a separate written agreement. Nothing on this website creates a contract for any transaction.",
        ),
      ],
    },
    {
      id: "information-only",
      heading: "3. Information only, not advice",
      blocks: [
        paragraph(
          "Content on this website, including our Ghana licensing guide, is general information. It is not financial, investment, legal, tax or technical advice and should not be relied on as such. Laws, fees and procedures change; always take independent professional advice before acting.",
        ),
        paragraph(
          "Nothing on this website is an offer to buy or sell gold or any other asset, or an invitation to invest.",
        ),
      ],
    },
    {
      id: "kyc-aml",
      heading: "4. Verification of every transaction",
      blocks: [
        paragraph(
          "Every transaction we are involved in is subject to full KYC/AML verification of all parties. We may request further information at any time and may decline or end any engagement, without giving reasons, where verification cannot be completed or risks cannot be resolved. We apply customer due diligence modelled on the UK Money Laundering Regulations 2017 and report suspected money laundering or terrorist financing to the UK National Crime Agency.",
        ),
      ],
    },
    {
      id: "equipment-listings",
      heading: "5. Equipment listings and prices",
      blocks: [
        list([
          "Specifications, photographs and illustrations are provided for guidance and may differ from a specific unit.",
          `Prices are indicative and exclude delivery, fuel, operators and taxes unless stated otherwise. ${equipmentTerms.currency}`,
          "Availability changes and is confirmed only in a written quotation.",
          `Rental and sale terms are set out in the agreement signed with ${equipmentTerms.fleetOwner} for each transaction.`,
          `Excavators are imported into Ghana only under an import permit, registered with the DVLA and tracked by the Minerals Commission (Minerals and Mining (Mineral Operations – Tracking of Earth Moving and Mining Equipment) Regulations, 2020, L.I. 2404); ${equipmentTerms.contractingParty} delivers equipment only to a site covered by a valid licence or permit.`,
        ]),
      ],
    },
    {
      id: "accounts",
      heading: "6. Accounts",
      blocks: [
        paragraph(
          "If you create an account, you must give accurate information and keep your password confidential. You are responsible for activity under your account. We may suspend or close accounts that are misused or that breach these terms.",
        ),
      ],
    },
    {
      id: "acceptable-use",
      heading: "7. Acceptable use",
      blocks: [
        paragraph("You must not:"),
        list([
          "use the website for any unlawful or fraudulent purpose",
          "submit false, misleading or impersonating inquiries",
          "attempt to gain unauthorised access to the website, its accounts or its data",
          "introduce malware or interfere with the website’s operation",
          "scrape or copy content in bulk, or use it to build a competing service",
        ]),
      ],
    },
    {
      id: "impersonation",
      heading: "8. Fraud and impersonation",
      blocks: [
        paragraph(
          `We never ask for advance fees outside a signed, verified agreement. If you receive a request for payment from anyone claiming to represent ${company.brandName}, do not pay it and contact us on ${company.phone.display} or at ${company.emails.general.address}. Mining licences presented to you can be verified with the Minerals Commission of Ghana, and gold trading licences with the Ghana Gold Board.`,
          VERIFY_LICENCE_LINKS,
        ),
      ],
    },
    {
      id: "intellectual-property",
      heading: "9. Intellectual property",
      blocks: [
        paragraph(
          `The website and its content, including text, illustrations and design, belong to ${company.legalName} or its licensors. You may view and print pages for your own reference, but you may not reproduce them for commercial use without our written permission. Manufacturer names and model designations belong to their owners and are used only to describe equipment.`,
        ),
      ],
    },
    {
      id: "third-party-links",
      heading: "10. Third-party services and links",
      blocks: [
        paragraph(
          "The website links to third-party services such as WhatsApp and to regulators’ websites. We are not responsible for their content or practices, and your use of them is governed by their own terms.",
        ),
      ],
    },
    {
      id: "liability",
      heading: "11. Our liability",
      blocks: [
        paragraph(
          "We take care to keep the website accurate and available, but we do not guarantee that it is complete, current or free from interruption. To the extent permitted by law, we are not liable for any loss arising from use of, or reliance on, the website or its content, including loss of profit, business or opportunity.",
        ),
        paragraph(
          "Nothing in these terms limits or excludes liability for death or personal injury caused by negligence, for fraud or fraudulent misrepresentation, or for any other liability that cannot be limited or excluded by law.",
        ),
      ],
    },
    {
      id: "privacy",
      heading: "12. Privacy",
      blocks: [
        paragraph(
          "Our Privacy Policy explains how we handle personal data submitted through this website and forms part of these terms.",
        ),
      ],
    },
    {
      id: "changes",
      heading: "13. Changes to these terms",
      blocks: [
        paragraph(
          "We may revise these terms at any time. The version published on this page at the time you use the website applies.",
        ),
      ],
    },
    {
      id: "law",
      heading: "14. Governing law",
      blocks: [
        paragraph(
          "These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction over any dispute arising from them. If you are a consumer living in Scotland or Northern Ireland, you may also bring proceedings in the courts where you live, and you keep the protection of the mandatory law of the part of the United Kingdom where you live.",
        ),
      ],
    },
  ],
};
