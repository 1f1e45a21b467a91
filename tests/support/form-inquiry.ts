import type { Db } from "~/lib/db/db.server";
import { createInquiry } from "~/lib/inquiries/intake.server";

type LeadFields = Parameters<typeof createInquiry>[1];

/**
 * A lead who sent the contact form about buying gold: not spam, not acknowledged, no admin told. `lead` overrides
 * the form's fields; the name is also the submission key, so the same name sent twice is one lead.
 */
export function formInquiry(db: Db, lead: Partial<LeadFields> & { name: string }) {
  return createInquiry(
    db,
    {
      company: null,
      email: "lead@example.test",
      phone: null,
      whatsapp: null,
      interest: "gold-buying",
      deal_size: "500k-1m",
      message: "About 40 kg of gold.",
      ...lead,
    },
    {
      isSpam: false,
      acknowledge: false,
      adminEmails: [],
      siteUrl: "https://site.test",
      submissionKey: lead.name,
    },
  );
}
