import { brandTitle, company } from "./company";
import type { LegalDocument } from "./types";

const privacyEmail = company.emails.general.address;

export const privacyPage: LegalDocument = {
  meta: {
    title: brandTitle("Privacy Policy"),
    description: `How ${company.legalName} collects, uses, stores and protects personal data from inquiries and accounts under UK GDPR, and how to exercise your rights.`,
  },
  title: "Privacy Policy",
  lastUpdated: "21 November 2026",
  intro: `This notice explains how ${company.legalName} (“${company.brandName}”, “we”, “us”) handles personal data when you use this website, send us an inquiry or create an account. We process personal data in accordance with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.`,
  sections: [
    {
      id: "controller",
      heading: "1. Who we are",
      blocks: [
        {
          kind: "paragraph",
          text: `${company.legalName} is the data controller for the personal data described in this notice. We are registered in ${company.registration.jurisdiction} under company number ${company.registration.companyNumber}, and our office is at ${company.address.singleLine}.`,
        },
        {
          kind: "paragraph",
          text: `For any privacy question or request, email ${privacyEmail}, call ${company.phone.display} or write to us at the address above, marking your letter “Data Protection”.`,
        },
      ],
    },
    {
      id: "data-we-collect",
      heading: "2. The personal data we collect",
      blocks: [
        {
          kind: "paragraph",
          text: "When you send an inquiry through our contact form we collect:",
        },
        {
          kind: "list",
          items: [
            "your name, and optionally your company",
            "your email address, and optionally your phone and WhatsApp numbers",
            "your area of interest and, optionally, your expected deal size",
            "the content of your message",
            "your IP address, used only to limit repeated submissions and prevent spam",
            "notes our team adds to your inquiry while handling it",
          ],
        },
        {
          kind: "paragraph",
          text: "When you create an account or sign in we collect:",
        },
        {
          kind: "list",
          items: [
            "your full name and email address",
            "your password, which is stored only as a one-way cryptographic hash and never in readable form",
            "session information, including tokens kept in your browser’s storage so that you stay signed in",
          ],
        },
        {
          kind: "paragraph",
          text: "If you contact us by email, phone or WhatsApp we keep a record of that correspondence. If a transaction proceeds, we collect identity, ownership and financial documents for KYC/AML checks; we give you a separate notice explaining that processing at the time.",
        },
      ],
    },
    {
      id: "purposes-and-lawful-bases",
      heading: "3. Why we use your data and our lawful bases",
      blocks: [
        {
          kind: "list",
          items: [
            "Responding to your inquiry and discussing our services — legitimate interests in handling business inquiries, or steps taken at your request before entering into a contract.",
            "Providing and securing your account — performance of our agreement with you to provide the account.",
            "Rate limiting, spam prevention and protecting the website from abuse — legitimate interests in keeping our systems secure and available.",
            "Carrying out KYC/AML checks and keeping records when a transaction proceeds — compliance with legal obligations, including the UK Money Laundering Regulations 2017.",
            "Establishing, exercising or defending legal claims — legitimate interests.",
          ],
        },
        {
          kind: "paragraph",
          text: "We do not send marketing messages unless you have asked to receive them, and we do not use your data for automated decision-making that has legal or similarly significant effects on you.",
        },
      ],
    },
    {
      id: "retention",
      heading: "4. How long we keep your data",
      blocks: [
        {
          kind: "list",
          items: [
            "Inquiries and related correspondence: 24 months after our last contact with you, unless a business relationship follows.",
            "IP addresses used for rate limiting and spam prevention: no longer than 30 days.",
            "Account data: for as long as your account is active; we delete it within 30 days of a deletion request, or after 24 months without a sign-in.",
            "Session data: until you sign out or the session expires.",
            "KYC/AML records: five years after the end of the business relationship or transaction, as the Money Laundering Regulations 2017 require.",
          ],
        },
        {
          kind: "paragraph",
          text: "We may keep data for longer where the law requires it or where it is needed for a legal claim, and only for as long as that need lasts.",
        },
      ],
    },
    {
      id: "sharing",
      heading: "5. Who processes your data",
      blocks: [
        {
          kind: "paragraph",
          text: "We do not sell your personal data. We share it only with the following, and only as far as necessary:",
        },
        {
          kind: "list",
          items: [
            "our website hosting provider and our hosted database and authentication provider, which store inquiries and accounts on our behalf as processors",
            "our email and productivity service providers, as processors",
            "professional advisers, such as lawyers and auditors, under duties of confidentiality",
            "prospective counterparties, only with your agreement and only the information needed for an introduction",
            "regulators, law enforcement and other authorities where the law requires us to disclose information",
          ],
        },
        {
          kind: "paragraph",
          text: "If you contact us on WhatsApp, your messages are also processed by WhatsApp under its own terms and privacy policy.",
        },
      ],
    },
    {
      id: "international-transfers",
      heading: "6. International transfers",
      blocks: [
        {
          kind: "paragraph",
          text: "Some of our service providers store or process data outside the United Kingdom, for example in the European Economic Area or the United States. Where they do, we rely on UK adequacy regulations or put in place appropriate safeguards such as the UK International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual Clauses.",
        },
        {
          kind: "paragraph",
          text: "Where a transaction or licensing project involves parties in Ghana, we transfer information there only when it is necessary for the service you have asked for, and with appropriate safeguards in place.",
        },
      ],
    },
    {
      id: "cookies-and-security",
      heading: "7. Browser storage and security",
      blocks: [
        {
          kind: "paragraph",
          text: "We use browser storage that is strictly necessary to keep you signed in. We do not use advertising cookies, and we will ask for your consent before introducing any non-essential cookies.",
        },
        {
          kind: "paragraph",
          text: "Data is encrypted in transit, access is restricted to authorised staff who need it, and administrator accounts are protected by strong authentication.",
        },
      ],
    },
    {
      id: "your-rights",
      heading: "8. Your rights",
      blocks: [
        {
          kind: "paragraph",
          text: "Under UK data protection law you have the right to:",
        },
        {
          kind: "list",
          items: [
            "access the personal data we hold about you and receive a copy",
            "have inaccurate or incomplete data rectified",
            "have your data erased where there is no good reason for us to keep it",
            "ask us to restrict processing of your data in certain circumstances",
            "object to processing based on our legitimate interests",
            "data portability: receive data you gave us in a structured, machine-readable format or have it sent to another organisation",
            "withdraw consent at any time, where we rely on consent",
          ],
        },
        {
          kind: "paragraph",
          text: `To exercise any of these rights, contact us at ${privacyEmail}. We will respond within one month and may need to confirm your identity first. Some rights are limited where we must keep records by law, for example KYC/AML records.`,
        },
        {
          kind: "paragraph",
          text: "You also have the right to complain to the Information Commissioner’s Office (ICO), the UK data protection regulator, at ico.org.uk or on 0303 123 1113. We would appreciate the chance to address your concern first.",
        },
      ],
    },
    {
      id: "children",
      heading: "9. Children",
      blocks: [
        {
          kind: "paragraph",
          text: "Our services are intended for businesses and adults. We do not knowingly collect personal data from anyone under 18.",
        },
      ],
    },
    {
      id: "changes",
      heading: "10. Changes to this notice",
      blocks: [
        {
          kind: "paragraph",
          text: "We may update this notice from time to time. The date at the top shows when it was last revised, and we will tell account holders about significant changes.",
        },
      ],
    },
  ],
};
