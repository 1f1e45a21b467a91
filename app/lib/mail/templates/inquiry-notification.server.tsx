import { company } from "~/content/company";
import { Button } from "./mail-button.server";
import { FieldTable, Heading, MultilineText, Paragraph } from "./mail-blocks.server";
import { MailLayout } from "./mail-layout.server";

export interface InquiryNotificationProps {
  subject: string;
  /** The inquirer's name, with their company if given. */
  from: string;
  name: string;
  fields: readonly (readonly [label: string, value: string])[];
  message: string;
  dashboardUrl: string;
}

/** To the admins: every field of a new inquiry; a reply goes to the inquirer. */
export function InquiryNotification({
  subject,
  from,
  name,
  fields,
  message,
  dashboardUrl,
}: InquiryNotificationProps) {
  return (
    <MailLayout title={subject}>
      <Heading>{`New inquiry from ${from}`}</Heading>
      <Paragraph>A new inquiry arrived through the contact form.</Paragraph>
      <FieldTable rows={fields} />
      <Heading level={2}>Message</Heading>
      <MultilineText>{message}</MultilineText>
      <Paragraph>
        {`Reply to this email to answer ${name} directly. We promise a reply within ${company.responseTime}.`}
      </Paragraph>
      <Button href={dashboardUrl}>Open the inbox</Button>
    </MailLayout>
  );
}
