import { Button } from "~/lib/mail/templates/mail-button.server";
import { Paragraph, SignOff } from "~/lib/mail/templates/mail-blocks.server";
import { MailLayout } from "~/lib/mail/templates/mail-layout.server";

export interface AccountMailProps {
  subject: string;
  paragraphs: readonly string[];
  action?: { label: string; url: string };
  /** The closing remark, e.g. what to do if the mail was not expected. */
  note: string;
}

/**
 * A mail about the reader's account. It greets without the account's name:
 * whoever signs up chooses it, so it could carry a phishing text into a
 * genuine mail. Links are built by us.
 */
export function AccountMail({ subject, paragraphs, action, note }: AccountMailProps) {
  return (
    <MailLayout title={subject}>
      <Paragraph>Hello,</Paragraph>
      {paragraphs.map((paragraph, index) => (
        <Paragraph key={index}>{paragraph}</Paragraph>
      ))}
      {action && <Button href={action.url}>{action.label}</Button>}
      <Paragraph muted>{note}</Paragraph>
      <SignOff />
    </MailLayout>
  );
}
