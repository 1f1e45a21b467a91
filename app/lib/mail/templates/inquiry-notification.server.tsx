import { company } from "~/content/company";
import { Button } from "~/lib/mail/templates/mail-button.server";
import { FieldTable, Heading, MultilineText, Paragraph } from "~/lib/mail/templates/mail-blocks.server";
import { MailLayout } from "~/lib/mail/templates/mail-layout.server";

interface InquiryNotificationProps {
  subject: string;
  /** The inquirer's name, with their company if given. */
  from: string;
  name: string;
  fields: readonly (readonly [label: string, value: string])[];
  message: string;
  dashboardUrl: string;
  /** Held for review: the admins decide whether it is a lead before anyone answers. */
  held?: boolean;
}

/** To the admins: every field of a new inquiry; a reply goes to the inquirer. */
export function InquiryNotification({
  subject,
  from,
  name,
  fields,
  message,
  dashboardUrl,
  held = false,
}: InquiryNotificationProps) {
  return (
    <MailLayout title={subject}>
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
      <MultilineText>{message}</MultilineText>
      <Paragraph>
        {`Reply to this email to answer ${name} directly. We promise a reply within ${company.responsePromise}.`}
      </Paragraph>
      <Button href={dashboardUrl}>{held ? "Review held inquiries" : "Open the inbox"}</Button>
    </MailLayout>
  );
}
