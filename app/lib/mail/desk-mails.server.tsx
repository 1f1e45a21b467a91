import { DEAL_SIZE_LABELS, INTEREST_LABELS, isDealSize, isInterest } from "~/content/inquiry-options";
import type { MailContent } from "./inquiry-mails.server";
import {
  AssignmentMail,
  BulkAssignmentMail,
  type DeskLeadLine,
  DeskReply,
  MorningDigest,
} from "./templates/desk-mails.server";
import { renderMail } from "./templates/render-mail.server";

/** The lead desk's mails, from the same layout and blocks as every other mail (decision 015). */

export function interestLabel(value: string | null): string {
  if (value === null) return "Not given";
  return isInterest(value) ? INTEREST_LABELS[value] : value;
}

export function dealSizeLabel(value: string | null): string {
  if (value === null) return "Not given";
  return isDealSize(value) ? DEAL_SIZE_LABELS[value] : value;
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

/** The morning digest: what is overdue and what nobody owns. */
export function renderMorningDigest(
  digest: { overdue: LeadSummary[]; unassigned: LeadSummary[]; day: string },
  dashboardUrl: string,
): MailContent {
  const subject = `Lead desk ${digest.day}: ${digest.overdue.length} overdue, ${digest.unassigned.length} unassigned`;
  return {
    subject,
    ...renderMail(
      <MorningDigest
        subject={subject}
        overdue={digest.overdue.map(leadLine)}
        unassigned={digest.unassigned.map(leadLine)}
        dashboardUrl={dashboardUrl}
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
