import { deskLabel } from "~/content/desk-labels";
import type { MailContent } from "~/lib/mail/inquiry-mails.server";
import {
  AssignmentMail,
  BulkAssignmentMail,
  type DeskLeadLine,
  DeskReply,
  MessageReceivedMail,
  MorningDigest,
} from "~/lib/mail/templates/desk-mails.server";
import { renderMail } from "~/lib/mail/templates/render-mail.server";
import { formatUkTime } from "~/lib/uk-time";

/** The lead desk's mails, from the same layout and blocks as every other mail (decision 015). */

export function interestLabel(value: string | null): string {
  if (value === null) return "Not given";
  return deskLabel.interest(value);
}

export function dealSizeLabel(value: string | null): string {
  if (value === null) return "Not given";
  return deskLabel.dealSize(value);
}

/** A reply from the desk: exactly what the admin wrote, as text and as escaped HTML. */
export function renderDeskReply(reply: { subject: string; body: string }): MailContent {
  return { subject: reply.subject, ...renderMail(<DeskReply subject={reply.subject} body={reply.body} />) };
}

export interface LeadSummary {
  reference: string;
  interest: string | null;
  dealSize: string | null;
  createdAt: Date;
  dashboardUrl: string;
}

function leadLine(lead: LeadSummary): DeskLeadLine {
  return {
    text: `${lead.reference} – ${interestLabel(lead.interest)}, ${dealSizeLabel(lead.dealSize)}, received ${lead.createdAt.toISOString()}`,
    dashboardUrl: lead.dashboardUrl,
  };
}

/** To an admin given a lead by someone else. */
export function renderAssignmentMail(lead: LeadSummary, assignedByName: string | null): MailContent {
  const subject = `Inquiry ${lead.reference} is now yours`;
  const by = `${assignedByName ? `${assignedByName} assigned` : "You were assigned"} inquiry ${lead.reference} to you.`;
  return { subject, ...renderMail(<AssignmentMail subject={subject} by={by} lead={leadLine(lead)} />) };
}

/**
 * To a follow-up's owner when it comes due. Its text is not in the mail
 * (it may say things about the lead); the link opens the lead page.
 */
export function renderFollowUpReminder(lead: LeadSummary & { dueAt: Date }): MailContent {
  const subject = `Follow-up due: inquiry ${lead.reference}`;
  const by = `Your follow-up on inquiry ${lead.reference} is due ${formatUkTime(lead.dueAt)}.`;
  // The assignment mail's shape (a sentence, the lead's line, a button to it) is this mail's too.
  return { subject, ...renderMail(<AssignmentMail subject={subject} by={by} lead={leadLine(lead)} />) };
}

/** A follow-up as the digest lists it: the lead, when, and whose; never its text. */
interface FollowUpSummary {
  reference: string;
  dashboardUrl: string;
  dueAt: Date;
  ownerName: string | null;
}

function followUpLine(followUp: FollowUpSummary): DeskLeadLine {
  return {
    text: `${followUp.reference} – due ${formatUkTime(followUp.dueAt)}, ${followUp.ownerName ?? "no owner"}`,
    dashboardUrl: followUp.dashboardUrl,
  };
}

/** The morning digest: what is overdue, what nobody owns, and the follow-ups due today. */
export function renderMorningDigest(
  digest: {
    overdue: LeadSummary[];
    unassigned: LeadSummary[];
    /** Held for review, and the spam count: what the bot traps kept out of the inbox. */
    held?: LeadSummary[];
    spam?: number;
    followUps?: FollowUpSummary[];
    day: string;
  },
  dashboardUrl: string,
  heldUrl: string = dashboardUrl,
): MailContent {
  const held = digest.held ?? [];
  const spam = digest.spam ?? 0;
  const followUps = digest.followUps ?? [];
  const trapped = held.length > 0 || spam > 0 ? `, ${held.length} held for review, ${spam} spam` : "";
  const due = followUps.length > 0 ? `, ${followUps.length} follow-ups due` : "";
  const subject = `Lead desk ${digest.day}: ${digest.overdue.length} overdue, ${digest.unassigned.length} unassigned${trapped}${due}`;
  return {
    subject,
    ...renderMail(
      <MorningDigest
        subject={subject}
        overdue={digest.overdue.map(leadLine)}
        unassigned={digest.unassigned.map(leadLine)}
        held={held.map(leadLine)}
        spam={spam}
        followUps={followUps.map(followUpLine)}
        dashboardUrl={dashboardUrl}
        heldUrl={heldUrl}
      />,
    ),
  };
}

/** To an admin given several leads at once: one mail, not one per lead. */
export function renderBulkAssignmentMail(leads: LeadSummary[], mineUrl: string): MailContent {
  const shown = leads.slice(0, 50);
  const subject = `${leads.length} ${leads.length === 1 ? "inquiry is" : "inquiries are"} now yours`;
  return {
    subject,
    ...renderMail(
      <BulkAssignmentMail
        subject={subject}
        leads={shown.map(leadLine)}
        more={leads.length - shown.length}
        mineUrl={mineUrl}
      />,
    ),
  };
}

/** To the lead's owner, or every admin: a new message from the lead waits on the lead page. */
export function renderMessageReceivedMail(lead: LeadSummary, options: { held?: boolean } = {}): MailContent {
  const subject = `${options.held ? "[Held for review] Message" : "New message"} on inquiry ${lead.reference}`;
  return {
    subject,
    ...renderMail(<MessageReceivedMail subject={subject} lead={leadLine(lead)} held={options.held} />),
  };
}
