import { company } from "~/content/company";
import { DEAL_SIZE_LABELS, INTEREST_LABELS, isDealSize, isInterest } from "~/content/inquiry-options";
import { escapeHtml } from "./mail.server";
import type { MailContent } from "./inquiry-mails.server";

/**
 * The lead desk's mails, kept plain on purpose (they become React mail
 * components with the others). Every value from a visitor or an admin is
 * escaped in HTML: markup in a reply is shown as text.
 */

export function interestLabel(value: string | null): string {
  if (value === null) return "Not given";
  return isInterest(value) ? INTEREST_LABELS[value] : value;
}

export function dealSizeLabel(value: string | null): string {
  if (value === null) return "Not given";
  return isDealSize(value) ? DEAL_SIZE_LABELS[value] : value;
}

function paragraphsHtml(text: string): string {
  return `<div style="white-space:pre-wrap;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5">${escapeHtml(text)}</div>`;
}

/** A reply from the desk: exactly what the admin wrote, as text and as escaped HTML. */
export function renderDeskReply(reply: { subject: string; body: string }): MailContent {
  return {
    subject: reply.subject,
    text: reply.body,
    html: `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(reply.subject)}</title></head><body>${paragraphsHtml(reply.body)}<p style="font-size:12px;color:#57534e">${escapeHtml(company.legalName)} · ${escapeHtml(company.address.singleLine)}</p></body></html>`,
  };
}

export interface LeadSummary {
  reference: string;
  interest: string | null;
  dealSize: string | null;
  createdAt: Date;
  dashboardUrl: string;
}

function leadLine(lead: LeadSummary): string {
  return `${lead.reference} – ${interestLabel(lead.interest)}, ${dealSizeLabel(lead.dealSize)}, received ${lead.createdAt.toISOString()}`;
}

/** To an admin given a lead by someone else. */
export function renderAssignmentMail(lead: LeadSummary, assignedByName: string | null): MailContent {
  const subject = `Inquiry ${lead.reference} is now yours`;
  const by = assignedByName ? `${assignedByName} assigned` : "You were assigned";
  const text = [
    `${by} inquiry ${lead.reference} to you.`,
    "",
    leadLine(lead),
    "",
    `Open it: ${lead.dashboardUrl}`,
  ].join("\n");
  return {
    subject,
    text,
    html: `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${paragraphsHtml(`${by} inquiry ${lead.reference} to you.\n\n${leadLine(lead)}`)}<p><a href="${escapeHtml(lead.dashboardUrl)}">Open the inquiry</a></p></body></html>`,
  };
}

/** The morning digest: what is overdue and what nobody owns. */
export function renderMorningDigest(
  digest: { overdue: LeadSummary[]; unassigned: LeadSummary[]; day: string },
  dashboardUrl: string,
): MailContent {
  const subject = `Lead desk ${digest.day}: ${digest.overdue.length} overdue, ${digest.unassigned.length} unassigned`;
  const section = (title: string, leads: LeadSummary[]) =>
    [
      title,
      ...(leads.length === 0 ? ["None."] : leads.map((lead) => `- ${leadLine(lead)}: ${lead.dashboardUrl}`)),
    ].join("\n");
  const text = [
    `Overdue means ${company.responseTime} or more without a first reply.`,
    "",
    section(`Overdue (${digest.overdue.length})`, digest.overdue),
    "",
    section(`Unassigned (${digest.unassigned.length})`, digest.unassigned),
    "",
    `Open the inbox: ${dashboardUrl}`,
  ].join("\n");
  const list = (leads: LeadSummary[]) =>
    leads.length === 0
      ? "<p>None.</p>"
      : `<ul>${leads.map((lead) => `<li><a href="${escapeHtml(lead.dashboardUrl)}">${escapeHtml(leadLine(lead))}</a></li>`).join("")}</ul>`;
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif">
<p>Overdue means ${escapeHtml(company.responseTime)} or more without a first reply.</p>
<h2>Overdue (${digest.overdue.length})</h2>${list(digest.overdue)}
<h2>Unassigned (${digest.unassigned.length})</h2>${list(digest.unassigned)}
<p><a href="${escapeHtml(dashboardUrl)}">Open the inbox</a></p></body></html>`;
  return { subject, text, html };
}

/** To an admin given several leads at once: one mail, not one per lead. */
export function renderBulkAssignmentMail(leads: LeadSummary[], mineUrl: string): MailContent {
  const shown = leads.slice(0, 50);
  const more = leads.length - shown.length;
  const subject = `${leads.length} ${leads.length === 1 ? "inquiry is" : "inquiries are"} now yours`;
  const lines = [
    ...shown.map((lead) => `- ${leadLine(lead)}: ${lead.dashboardUrl}`),
    ...(more > 0 ? [`… and ${more} more.`] : []),
  ];
  const text = [`These inquiries were assigned to you:`, "", ...lines, "", `Your leads: ${mineUrl}`].join(
    "\n",
  );
  return {
    subject,
    text,
    html: `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${paragraphsHtml(text)}</body></html>`,
  };
}
