import { FieldTable, Heading, Paragraph } from "~/lib/mail/templates/mail-blocks.server";
import { Button } from "~/lib/mail/templates/mail-button.server";
import { type DeskLeadLine, LeadList } from "~/lib/mail/templates/desk-mails.server";
import { MailLayout } from "~/lib/mail/templates/mail-layout.server";

/** The weekly report to admins: last week's figures, what is overdue or held now, and the reports page. */
export function WeeklyReportMail({
  subject,
  intro,
  figures,
  overdue,
  overdueMore,
  reportsUrl,
}: {
  subject: string;
  intro: string;
  figures: readonly (readonly [label: string, value: string])[];
  overdue: readonly DeskLeadLine[];
  /** Overdue leads beyond those listed. */
  overdueMore: number;
  reportsUrl: string;
}) {
  return (
    <MailLayout title={subject}>
      <Paragraph>{intro}</Paragraph>
      <FieldTable rows={figures} />
      <Heading level={2}>{`Overdue now (${overdue.length + overdueMore})`}</Heading>
      <LeadList leads={overdue} />
      {overdueMore > 0 ? <Paragraph muted>{`…and ${overdueMore} more in the inbox.`}</Paragraph> : null}
      <Button href={reportsUrl}>Open the reports</Button>
    </MailLayout>
  );
}
