import { company } from "~/content/company";
import { dealSizeLabel, interestLabel, type MailContent, renderLaidOut } from "~/lib/mail/desk-mails.server";
import { stripLineBreaks } from "~/lib/mail/mail.server";
import {
  FieldTable,
  Heading,
  LineBreak,
  Link,
  MultilineText,
  Paragraph,
  SignOff,
  Strong,
} from "~/lib/mail/templates/mail-blocks.server";
import { Button } from "~/lib/mail/templates/mail-button.server";

/** What the mails need of a stored inquiry. */
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

/** The email to admins: every field, and a reply goes to the inquirer. */
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
  return renderLaidOut(
    subject,
    <>
      <Heading>{held ? `Held for review: inquiry from ${from}` : `New inquiry from ${from}`}</Heading>
      {held ? (
        <Paragraph>
          This inquiry was sent faster than people usually fill in the form, so it is held for review: it is
          not in the inbox and no acknowledgement was sent. If it is genuine, open the held inquiries and
          choose Not spam; the acknowledgement goes out then.
        </Paragraph>
      ) : (
        <Paragraph>A new inquiry arrived through the contact form.</Paragraph>
      )}
      <FieldTable rows={fields} />
      <Heading level={2}>Message</Heading>
      <MultilineText>{inquiry.message}</MultilineText>
      <Paragraph>
        {`Reply to this email to answer ${inquiry.name} directly. We promise a reply within ${company.responsePromise}.`}
      </Paragraph>
      <Button href={held ? `${siteUrl}/dashboard?status=held` : `${siteUrl}/dashboard`}>
        {held ? "Review held inquiries" : "Open the inbox"}
      </Button>
    </>,
  );
}

/** Takes none of the visitor's free text: anyone can type any address, and must not send content to a stranger. */
export function renderInquiryAcknowledgement(inquiry: InquiryForMail, siteUrl: string): MailContent {
  return renderLaidOut(
    `We have received your inquiry – reference ${inquiry.reference}`,
    <>
      <Heading>Thank you for your inquiry</Heading>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {`Thank you for contacting ${company.brandName}. We have received your inquiry about ${interestLabel(inquiry.interest)}.`}
      </Paragraph>
      <Paragraph>
        Your reference number: <Strong>{inquiry.reference}</Strong>
      </Paragraph>
      <Paragraph>
        {`A member of our team will respond within ${company.responsePromise}. If you write to us in the meantime, please quote your reference number.`}
      </Paragraph>
      <Paragraph>
        {`Phone and WhatsApp: ${company.phone.display}`}
        <LineBreak />
        Email: <Link href={company.emails.general.href}>{company.emails.general.address}</Link>
        <LineBreak />
        Website: <Link href={siteUrl}>{siteUrl}</Link>
      </Paragraph>
      <Paragraph muted>If you did not send this inquiry, you can ignore this email.</Paragraph>
      <SignOff />
    </>,
  );
}
