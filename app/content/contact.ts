import { brandTitle, company, DOCUMENTS_STATEMENT } from "./company";
import type { IconName } from "./icons";
import type { PageHero, PageMeta } from "./types";

export interface ContactDetail {
  icon: IconName;
  title: string;
  lines: readonly { text: string; href?: string; note?: string }[];
}

export const contactPage = {
  meta: {
    title: brandTitle("Contact Us"),
    description: `Contact ${company.brandName} about a gold transaction, equipment rental or purchase, licensing support or consultation. Reply within ${company.responsePromise}.`,
  } satisfies PageMeta,
  hero: {
    badge: `Reply within ${company.responsePromise}`,
    title: "Get in Touch",
    subtitle:
      "Tell us about your gold transaction, equipment needs or licensing project. Every inquiry that passes our spam checks is read by a member of our team and treated in confidence.",
  } satisfies PageHero,
  details: [
    {
      icon: "Mail",
      title: "Email",
      lines: [
        {
          text: company.emails.general.address,
          href: company.emails.general.href,
          note: company.emails.general.label,
        },
        {
          text: company.emails.deals.address,
          href: company.emails.deals.href,
          note: company.emails.deals.label,
        },
      ],
    },
    {
      icon: "Phone",
      title: "Phone & WhatsApp",
      lines: [
        {
          text: company.phone.display,
          href: company.phone.href,
          note: "Calls and WhatsApp messages",
        },
      ],
    },
    {
      icon: "MapPin",
      title: `${company.address.label}, London`,
      lines: company.address.lines.map((text) => ({ text })),
    },
  ] satisfies readonly ContactDetail[],
  hours: {
    title: "Business Hours",
    icon: "Clock" as const satisfies IconName,
    entries: company.hours.entries,
    note: `Messages received outside these hours are answered within ${company.responsePromise}.`,
    summerNote: company.hours.summerNote,
  },
  whatsappCard: {
    title: "Prefer WhatsApp?",
    description: `Start a conversation with our team on WhatsApp for a quick first discussion. ${DOCUMENTS_STATEMENT}`,
    cta: {
      label: "Chat on WhatsApp",
      href: company.whatsapp.greetingUrl,
      external: true,
    },
    icon: "MessageCircle" as const satisfies IconName,
  },
  form: {
    title: "Send an Inquiry",
    description: `Complete the form and we will respond within ${company.responsePromise}. Fields marked * are required.`,
    labels: {
      name: "Full Name",
      company: "Company",
      email: "Email Address",
      phone: "Phone Number",
      whatsapp: "WhatsApp Number",
      interest: "Area of Interest *",
      dealSize: "Expected Deal Size",
      message: "Message",
    },
    placeholders: {
      name: "Your full name",
      company: "Company or organisation (optional)",
      email: "you@company.com",
      phone: "Including country code",
      whatsapp: "Including country code",
      interest: "Select an area of interest",
      dealSize: "Select a range (optional)",
      message: "Tell us about your requirements, timeline and any questions.",
    },
    /** Asked beside the WhatsApp number: Meta's rules and the law want the lead's agreement before we write first. */
    whatsappOptIn: `${company.brandName} may contact me on WhatsApp about this inquiry (you can ask us to stop at any time).`,
    submitLabel: "Send Inquiry",
    submittingLabel: "Sending...",
    privacyNote:
      "We use your details only to respond to your inquiry and, where a transaction proceeds, to carry out the verification we apply to every transaction.",
    /** Follows the note as a link: "See our Privacy Policy for details." */
    privacyLink: { before: "See our", label: "Privacy Policy", href: "/privacy", after: "for details." },
    success: {
      title: "Message Sent Successfully",
      description: `Thank you for your inquiry. We'll respond within ${company.responseTime}.`,
    },
    error: {
      title: "Error",
      description: "Failed to send message. Please try again.",
    },
    /**
     * The confirmation after a sent inquiry. The toast above keeps the spec's
     * words; this, shown with it, states the promise in full (decision 030).
     */
    sent: {
      title: "We have your inquiry",
      referenceLabel: "Your reference",
      quote: "Please quote it whenever you write or call us about this inquiry.",
      replyWithin: `A member of our team will reply within ${company.responsePromise}, by email from`,
      spamFolder: (from: string) =>
        `If our reply is not in your inbox by then, please check your spam or junk folder, and add ${from} to your contacts so that it reaches you.`,
      another: "Send another inquiry",
    },
  },
};
