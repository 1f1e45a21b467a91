import { company } from "~/content/company";
import {
  Heading,
  LineBreak,
  Link,
  Paragraph,
  SignOff,
  Strong,
} from "~/lib/mail/templates/mail-blocks.server";
import { MailLayout } from "~/lib/mail/templates/mail-layout.server";

interface InquiryAcknowledgementProps {
  subject: string;
  reference: string;
  /** The label of the area of interest, one of ours. */
  interest: string;
  siteUrl: string;
}

/**
 * The visitor's confirmation. Anyone can type any address into the form, so
 * it takes none of their free text (name, message): the form cannot be used
 * to send arbitrary content to a stranger.
 */
export function InquiryAcknowledgement({
  subject,
  reference,
  interest,
  siteUrl,
}: InquiryAcknowledgementProps) {
  return (
    <MailLayout title={subject}>
      <Heading>Thank you for your inquiry</Heading>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {`Thank you for contacting ${company.brandName}. We have received your inquiry about ${interest}.`}
      </Paragraph>
      <Paragraph>
        Your reference number: <Strong>{reference}</Strong>
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
    </MailLayout>
  );
}
