import { deskLabel } from "~/content/desk-labels";
import { stripLineBreaks } from "~/lib/mail/mail.server";
import { InquiryAcknowledgement } from "~/lib/mail/templates/inquiry-acknowledgement.server";
import { InquiryNotification } from "~/lib/mail/templates/inquiry-notification.server";
import { type RenderedMail, renderMail } from "~/lib/mail/templates/render-mail.server";

/** What the templates need of a stored inquiry. */
export interface InquiryForMail {
  id: string;
  reference: string;
  createdAt: Date;
  name: string;
  company: string | null;
  email: string;
  phone: string | null;
  whatsapp: string | null;
  interest: string | null;
  deal_size: string | null;
  message: string;
}

export interface MailContent extends RenderedMail {
  subject: string;
}

function interestLabel(value: string | null): string {
  if (value === null) return "Not given";
  return deskLabel.interest(value);
}

function dealSizeLabel(value: string | null): string {
  if (value === null) return "Not given";
  return deskLabel.dealSize(value);
}

/** The email to admins: every field, a reply goes to the inquirer, a link to the inbox. */
export function renderInquiryNotification(
  inquiry: InquiryForMail,
  siteUrl: string,
  options: { held?: boolean } = {},
): MailContent {
  const held = options.held === true;
  const fields = [
    ["Reference", inquiry.reference],
    ["Received", inquiry.createdAt.toISOString()],
    ["Full Name", inquiry.name],
    ["Company", inquiry.company ?? "Not given"],
    ["Email Address", inquiry.email],
    ["Phone Number", inquiry.phone ?? "Not given"],
    ["WhatsApp Number", inquiry.whatsapp ?? "Not given"],
    ["Area of Interest", interestLabel(inquiry.interest)],
    ["Expected Deal Size", dealSizeLabel(inquiry.deal_size)],
  ] as const;
  const from = inquiry.company ? `${inquiry.name} (${inquiry.company})` : inquiry.name;
  const subject = stripLineBreaks(
    `${held ? "[Held for review] " : ""}New inquiry from ${from.slice(0, 200)} – ${interestLabel(inquiry.interest)} [${inquiry.reference}]`,
  );
  const mail = (
    <InquiryNotification
      subject={subject}
      from={from}
      name={inquiry.name}
      fields={fields}
      message={inquiry.message}
      dashboardUrl={held ? `${siteUrl}/dashboard?status=held` : `${siteUrl}/dashboard`}
      held={held}
    />
  );
  return { subject, ...renderMail(mail) };
}

/** The visitor's confirmation: the reference and the promise, none of their own text. */
export function renderInquiryAcknowledgement(inquiry: InquiryForMail, siteUrl: string): MailContent {
  const subject = `We have received your inquiry – reference ${inquiry.reference}`;
  const mail = (
    <InquiryAcknowledgement
      subject={subject}
      reference={inquiry.reference}
      interest={interestLabel(inquiry.interest)}
      siteUrl={siteUrl}
    />
  );
  return { subject, ...renderMail(mail) };
}
