import { company } from "~/content/company";
import { Heading, Link, MultilineText, Paragraph } from "~/lib/mail/templates/mail-blocks.server";
import { Button } from "~/lib/mail/templates/mail-button.server";
import { MailLayout } from "~/lib/mail/templates/mail-layout.server";

/** One lead as the desk's mails list it: never the visitor's name, contact details or message. */
export interface DeskLeadLine {
  text: string;
  dashboardUrl: string;
}

/** A reply from the desk: exactly what the admin wrote; React shows any markup in it as text. */
export function DeskReply({ subject, body }: { subject: string; body: string }) {
  return (
    <MailLayout title={subject}>
      <MultilineText>{body}</MultilineText>
    </MailLayout>
  );
}

/** Leads as lines with their desk links; "None." for none. */
export function LeadList({ leads }: { leads: readonly DeskLeadLine[] }) {
  if (leads.length === 0) return <Paragraph>None.</Paragraph>;
  return (
    <>
      {leads.map((lead) => (
        <Paragraph key={lead.dashboardUrl}>
          {`- ${lead.text}: `}
          <Link href={lead.dashboardUrl}>{lead.dashboardUrl}</Link>
        </Paragraph>
      ))}
    </>
  );
}

/** To an admin given a lead by someone else. */
export function AssignmentMail({ subject, by, lead }: { subject: string; by: string; lead: DeskLeadLine }) {
  return (
    <MailLayout title={subject}>
      <Paragraph>{by}</Paragraph>
      <Paragraph>{lead.text}</Paragraph>
      <Button href={lead.dashboardUrl}>Open the inquiry</Button>
    </MailLayout>
  );
}

/** To an admin given several leads at once: one mail, not one per lead. */
export function BulkAssignmentMail({
  subject,
  leads,
  more,
  mineUrl,
}: {
  subject: string;
  leads: readonly DeskLeadLine[];
  more: number;
  mineUrl: string;
}) {
  return (
    <MailLayout title={subject}>
      <Paragraph>These inquiries were assigned to you:</Paragraph>
      <LeadList leads={leads} />
      {more > 0 ? <Paragraph>{`… and ${more} more.`}</Paragraph> : null}
      <Button href={mineUrl}>Your leads</Button>
    </MailLayout>
  );
}

/** The morning digest: what is overdue and what nobody owns. */
export function MorningDigest({
  subject,
  overdue,
  unassigned,
  held = [],
  spam = 0,
  followUps = [],
  dashboardUrl,
  heldUrl = dashboardUrl,
}: {
  subject: string;
  overdue: readonly DeskLeadLine[];
  unassigned: readonly DeskLeadLine[];
  held?: readonly DeskLeadLine[];
  spam?: number;
  /** Follow-ups due today or overdue (UK time); the section shows only when there are some. */
  followUps?: readonly DeskLeadLine[];
  dashboardUrl: string;
  heldUrl?: string;
}) {
  return (
    <MailLayout title={subject}>
      <Paragraph>{`Overdue means ${company.responseTime} or more without a first reply.`}</Paragraph>
      <Heading level={2}>{`Overdue (${overdue.length})`}</Heading>
      <LeadList leads={overdue} />
      <Heading level={2}>{`Unassigned (${unassigned.length})`}</Heading>
      <LeadList leads={unassigned} />
      <Heading level={2}>{`Held for review (${held.length})`}</Heading>
      <Paragraph>
        {`Sent faster than people usually type, so kept out of the inbox until someone chooses Not spam or Mark as spam. Spam: ${spam}.`}
      </Paragraph>
      <LeadList leads={held} />
      {followUps.length > 0 ? (
        <>
          <Heading level={2}>{`Follow-ups due (${followUps.length})`}</Heading>
          <LeadList leads={followUps} />
        </>
      ) : null}
      <Button href={dashboardUrl}>Open the inbox</Button>
      {held.length > 0 ? <Button href={heldUrl}>Review held inquiries</Button> : null}
    </MailLayout>
  );
}

/** To the lead's owner (or every admin): the lead wrote again. Where to read it, not what it says. */
export function MessageReceivedMail({
  subject,
  lead,
  held = false,
}: {
  subject: string;
  lead: DeskLeadLine;
  held?: boolean;
}) {
  return (
    <MailLayout title={subject}>
      <Paragraph>
        {held
          ? "A message arrived on this inquiry from an address that is not the lead's, or whose sender failed our mail server's checks. It is held: confirm it on the lead page if it belongs to the conversation."
          : "The lead of this inquiry sent a new message. It waits for your reply on the lead page."}
      </Paragraph>
      <Paragraph>{lead.text}</Paragraph>
      <Button href={lead.dashboardUrl}>Open the conversation</Button>
    </MailLayout>
  );
}
