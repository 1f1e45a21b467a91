import { LEAD_CHANNEL_LABELS } from "~/content/lead-channels";
import type { ReactNode } from "react";
import { company } from "~/content/company";
import { deskLabel } from "~/content/desk-labels";
import { FieldTable, Heading, Link, MultilineText, Paragraph } from "~/lib/mail/templates/mail-blocks.server";
import { Button } from "~/lib/mail/templates/mail-button.server";
import { MailLayout } from "~/lib/mail/templates/mail-layout.server";
import { type RenderedMail, renderMail } from "~/lib/mail/templates/render-mail.server";
import { formatUkTime } from "~/lib/uk-time";

export interface MailContent extends RenderedMail {
  subject: string;
}

/** The mail `subject` titles, in the one layout (decision 015), with its text and HTML parts. */
export function renderLaidOut(subject: string, body: ReactNode): MailContent {
  return { subject, ...renderMail(<MailLayout title={subject}>{body}</MailLayout>) };
}

export function interestLabel(value: string | null): string {
  return value === null ? "Not given" : deskLabel.interest(value);
}

export function dealSizeLabel(value: string | null): string {
  return value === null ? "Not given" : deskLabel.dealSize(value);
}

/** A reply from the desk: exactly what the admin wrote; React shows any markup in it as text. */
export function renderDeskReply(reply: { subject: string; body: string }): MailContent {
  return renderLaidOut(reply.subject, <MultilineText>{reply.body}</MultilineText>);
}

export interface InquirySummary {
  reference: string;
  interest: string | null;
  dealSize: string | null;
  createdAt: Date;
  dashboardUrl: string;
  /** Where the lead came in (contact_submissions.source); absent where the mail does not say. */
  channel?: string;
}

const channelLabel = (channel: string) => LEAD_CHANNEL_LABELS[channel] ?? channel;

/** "Contact form 2, WhatsApp 1": how many of `leads` came in on each channel, most first. */
function byChannel(leads: readonly InquirySummary[]): string {
  const counts = new Map<string, number>();
  for (const lead of leads) {
    const label = channelLabel(lead.channel ?? "form");
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([label, count]) => `${label} ${count}`)
    .join(", ");
}

/** One lead as the desk's mails list it: never the visitor's name, contact details or message. */
function leadLine(lead: InquirySummary) {
  return {
    text: `${lead.reference} – ${interestLabel(lead.interest)}, ${dealSizeLabel(lead.dealSize)}, received ${lead.createdAt.toISOString()}${
      lead.channel && lead.channel !== "form" ? ` on ${channelLabel(lead.channel)}` : ""
    }`,
    dashboardUrl: lead.dashboardUrl,
  };
}

/** Leads as lines with their desk links; "None." for none. */
function InquiryList({ leads }: { leads: readonly { text: string; dashboardUrl: string }[] }) {
  if (leads.length === 0) return <Paragraph>None.</Paragraph>;
  return leads.map((lead) => (
    <Paragraph key={lead.dashboardUrl}>
      {`- ${lead.text}: `}
      <Link href={lead.dashboardUrl}>{lead.dashboardUrl}</Link>
    </Paragraph>
  ));
}

/** A sentence, the lead's line and a button to it. */
function renderInquiryMail(
  subject: string,
  sentence: string,
  lead: InquirySummary,
  button: string,
): MailContent {
  return renderLaidOut(
    subject,
    <>
      <Paragraph>{sentence}</Paragraph>
      <Paragraph>{leadLine(lead).text}</Paragraph>
      <Button href={lead.dashboardUrl}>{button}</Button>
    </>,
  );
}

/** To an admin given a lead by someone else. */
export function renderAssignmentMail(lead: InquirySummary, assignedByName: string | null): MailContent {
  const by = `${assignedByName ? `${assignedByName} assigned` : "You were assigned"} inquiry ${lead.reference} to you.`;
  return renderInquiryMail(`Inquiry ${lead.reference} is now yours`, by, lead, "Open the inquiry");
}

/** To a follow-up's owner when it comes due; its text is not in the mail (it may say things about the lead). */
export function renderFollowUpReminder(lead: InquirySummary & { dueAt: Date }): MailContent {
  const by = `Your follow-up on inquiry ${lead.reference} is due ${formatUkTime(lead.dueAt)}.`;
  return renderInquiryMail(`Follow-up due: inquiry ${lead.reference}`, by, lead, "Open the inquiry");
}

/** To a lead's owner (or the admins) before a licence seen valid expires; never the holder or the number. */
export function renderLicenceExpiryReminder(
  lead: InquirySummary & { licence: string; expiresOn: string },
): MailContent {
  const sentence = `The ${lead.licence} recorded as valid on inquiry ${lead.reference} expires on ${lead.expiresOn}. Check the register again before the deal moves: after that day the lead page no longer shows it verified.`;
  return renderInquiryMail(
    `Licence expires ${lead.expiresOn}: inquiry ${lead.reference}`,
    sentence,
    lead,
    "Open the inquiry",
  );
}

/** The morning digest: what is overdue, what nobody owns, and the follow-ups due today. */
export function renderMorningDigest(
  digest: {
    overdue: InquirySummary[];
    unassigned: InquirySummary[];
    /** Held for review, and the spam count: what the bot traps kept out of the inbox. */
    held?: InquirySummary[];
    spam?: number;
    /** Never a follow-up's text. */
    followUps?: { reference: string; dashboardUrl: string; dueAt: Date; ownerName: string | null }[];
    day: string;
  },
  dashboardUrl: string,
  heldUrl: string = dashboardUrl,
): MailContent {
  const { overdue, unassigned, held = [], spam = 0, followUps = [] } = digest;
  const trapped = held.length > 0 || spam > 0 ? `, ${held.length} held for review, ${spam} spam` : "";
  const due = followUps.length > 0 ? `, ${followUps.length} follow-ups due` : "";
  const subject = `Lead desk ${digest.day}: ${overdue.length} overdue, ${unassigned.length} unassigned${trapped}${due}`;
  const followUpLines = followUps.map((followUp) => ({
    text: `${followUp.reference} – due ${formatUkTime(followUp.dueAt)}, ${followUp.ownerName ?? "no owner"}`,
    dashboardUrl: followUp.dashboardUrl,
  }));
  return renderLaidOut(
    subject,
    <>
      <Paragraph>{`Overdue means ${company.responseTime} or more without a first reply.`}</Paragraph>
      <Heading level={2}>{`Overdue (${overdue.length})`}</Heading>
      {overdue.length > 0 ? <Paragraph muted>{`By channel: ${byChannel(overdue)}.`}</Paragraph> : null}
      <InquiryList leads={overdue.map(leadLine)} />
      <Heading level={2}>{`Unassigned (${unassigned.length})`}</Heading>
      {unassigned.length > 0 ? <Paragraph muted>{`By channel: ${byChannel(unassigned)}.`}</Paragraph> : null}
      <InquiryList leads={unassigned.map(leadLine)} />
      <Heading level={2}>{`Held for review (${held.length})`}</Heading>
      <Paragraph>
        {`Sent faster than people usually type, so kept out of the inbox until someone chooses Not spam or Mark as spam. Spam: ${spam}.`}
      </Paragraph>
      <InquiryList leads={held.map(leadLine)} />
      {followUps.length > 0 ? (
        <>
          <Heading level={2}>{`Follow-ups due (${followUps.length})`}</Heading>
          <InquiryList leads={followUpLines} />
        </>
      ) : null}
      <Button href={dashboardUrl}>Open the inbox</Button>
      {held.length > 0 ? <Button href={heldUrl}>Review held inquiries</Button> : null}
    </>,
  );
}

/** To an admin given several leads at once: one mail, not one per lead. */
export function renderBulkAssignmentMail(leads: InquirySummary[], mineUrl: string): MailContent {
  const shown = leads.slice(0, 50);
  const more = leads.length - shown.length;
  return renderLaidOut(
    `${leads.length} ${leads.length === 1 ? "inquiry is" : "inquiries are"} now yours`,
    <>
      <Paragraph>These inquiries were assigned to you:</Paragraph>
      <InquiryList leads={shown.map(leadLine)} />
      {more > 0 ? <Paragraph>{`… and ${more} more.`}</Paragraph> : null}
      <Button href={mineUrl}>Your leads</Button>
    </>,
  );
}

/** Where to read a new message from the lead, not what it says. */
export function renderMessageReceivedMail(
  lead: InquirySummary,
  options: { held?: boolean } = {},
): MailContent {
  const subject = `${options.held ? "[Held for review] Message" : "New message"} on inquiry ${lead.reference}`;
  const sentence = options.held
    ? "A message arrived on this inquiry from an address that is not the lead's, or whose sender failed our mail server's checks. It is held: confirm it on the lead page if it belongs to the conversation."
    : "The lead of this inquiry sent a new message. It waits for your reply on the lead page.";
  return renderInquiryMail(subject, sentence, lead, "Open the conversation");
}

/** The weekly report to admins: last week's figures, what is overdue or held now, and the reports page. */
export function renderWeeklyReportMail(report: {
  subject: string;
  intro: string;
  figures: readonly (readonly [label: string, value: string])[];
  overdue: InquirySummary[];
  /** Overdue leads beyond those listed. */
  overdueMore: number;
  reportsUrl: string;
}): MailContent {
  const { overdue, overdueMore } = report;
  return renderLaidOut(
    report.subject,
    <>
      <Paragraph>{report.intro}</Paragraph>
      <FieldTable rows={report.figures} />
      <Heading level={2}>{`Overdue now (${overdue.length + overdueMore})`}</Heading>
      <InquiryList leads={overdue.map(leadLine)} />
      {overdueMore > 0 ? <Paragraph muted>{`…and ${overdueMore} more in the inbox.`}</Paragraph> : null}
      <Button href={report.reportsUrl}>Open the reports</Button>
    </>,
  );
}
