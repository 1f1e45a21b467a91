import { eq } from "drizzle-orm";
import { contactSubmissions, user } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { findAdminRecipients } from "~/lib/inquiries/intake.server";
import { formatInquiryReference, inquiryDashboardUrl } from "~/lib/inquiries/inquiry";
import { renderLaidOut } from "~/lib/mail/desk-mails.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { Paragraph } from "~/lib/mail/templates/mail-blocks.server";
import { Button } from "~/lib/mail/templates/mail-button.server";

/** The owner (else the admins) learns that a client uploaded a document: where, never what it is called. */
export async function notifyOwnerOfUpload(
  db: Db,
  input: { inquiryId: string; itemLabel: string; siteUrl: string; adminEmails: readonly string[] },
): Promise<void> {
  const [inquiry] = await db
    .select({ id: contactSubmissions.id, ownerEmail: user.email })
    .from(contactSubmissions)
    .leftJoin(user, eq(user.id, contactSubmissions.assigned_to))
    .where(eq(contactSubmissions.id, input.inquiryId));
  if (!inquiry) return;
  const reference = formatInquiryReference(inquiry.id);
  const to = inquiry.ownerEmail ? [inquiry.ownerEmail] : await findAdminRecipients(db, input.adminEmails);
  const subject = `Document uploaded on inquiry ${reference}`;
  await enqueueMail(db, {
    kind: "kyc-upload-notice",
    to,
    inquiryId: inquiry.id,
    ...renderLaidOut(
      subject,
      <>
        <Paragraph>{`The client of inquiry ${reference} uploaded a document for "${input.itemLabel}". It waits for your check on the lead page.`}</Paragraph>
        <Button href={inquiryDashboardUrl(input.siteUrl, inquiry.id)}>Open the inquiry</Button>
      </>,
    ),
  });
}
