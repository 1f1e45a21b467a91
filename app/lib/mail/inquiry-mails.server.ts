import { company } from "~/content/company";
import { DEAL_SIZE_LABELS, INTEREST_LABELS, isDealSize, isInterest } from "~/content/inquiry-options";
import { escapeHtml, stripLineBreaks } from "./mail.server";

/** What the templates need of a stored inquiry. */
export interface InquiryForMail {
  id: string;
  reference: string;
  createdAt: Date;
  name: string;
  company: string | null;
  email: string;
  phone: string | null;
  whatsapp: string | null;
  interest: string | null;
  deal_size: string | null;
  message: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

function interestLabel(value: string | null): string {
  if (value === null) return "Not given";
  return isInterest(value) ? INTEREST_LABELS[value] : value;
}

function dealSizeLabel(value: string | null): string {
  if (value === null) return "Not given";
  return isDealSize(value) ? DEAL_SIZE_LABELS[value] : value;
}

function layoutHtml(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #e7e5e4;border-radius:8px;padding:24px">
${body}
<p style="margin-top:32px;font-size:12px;color:#57534e">${escapeHtml(company.legalName)} · ${escapeHtml(company.address.singleLine)}</p>
</div></body></html>`;
}

/** The email to admins: every field, a reply goes to the inquirer, a link to the inbox. */
export function renderInquiryNotification(inquiry: InquiryForMail, siteUrl: string): MailContent {
  const dashboardUrl = `${siteUrl}/dashboard`;
  const rows: [string, string][] = [
    ["Reference", inquiry.reference],
    ["Received", inquiry.createdAt.toISOString()],
    ["Full Name", inquiry.name],
    ["Company", inquiry.company ?? "Not given"],
    ["Email Address", inquiry.email],
    ["Phone Number", inquiry.phone ?? "Not given"],
    ["WhatsApp Number", inquiry.whatsapp ?? "Not given"],
    ["Area of Interest", interestLabel(inquiry.interest)],
    ["Expected Deal Size", dealSizeLabel(inquiry.deal_size)],
  ];
  const who = inquiry.company ? `${inquiry.name} (${inquiry.company})` : inquiry.name;
  const subject = stripLineBreaks(
    `New inquiry from ${who.slice(0, 200)} – ${interestLabel(inquiry.interest)} [${inquiry.reference}]`,
  );

  const text = [
    `A new inquiry arrived through the contact form.`,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    "Message:",
    inquiry.message,
    "",
    `Reply to this email to answer ${inquiry.name} directly. We promise a reply within ${company.responseTime}.`,
    `Open the inbox: ${dashboardUrl}`,
  ].join("\n");

  const tableRows = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top;color:#57534e">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  const html = layoutHtml(
    subject,
    `<h1 style="font-size:20px;margin:0 0 16px">New inquiry from ${escapeHtml(who)}</h1>
<table style="border-collapse:collapse;font-size:14px">${tableRows}</table>
<h2 style="font-size:16px;margin:24px 0 8px">Message</h2>
<p style="white-space:pre-wrap;font-size:14px;line-height:1.5;margin:0">${escapeHtml(inquiry.message)}</p>
<p style="margin-top:24px;font-size:14px">Reply to this email to answer ${escapeHtml(inquiry.name)} directly. We promise a reply within ${escapeHtml(company.responseTime)}.</p>
<p><a href="${escapeHtml(dashboardUrl)}" style="display:inline-block;background:#b45309;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">Open the inbox</a></p>`,
  );
  return { subject, text, html };
}

/**
 * The visitor's confirmation. Anyone can type any address into the form, so
 * it repeats none of their free text (name, message): the form cannot be
 * used to send arbitrary content to a stranger.
 */
export function renderInquiryAcknowledgement(inquiry: InquiryForMail, siteUrl: string): MailContent {
  const subject = `We have received your inquiry – reference ${inquiry.reference}`;
  const interest = interestLabel(inquiry.interest);
  const text = [
    "Hello,",
    "",
    `Thank you for contacting ${company.brandName}. We have received your inquiry about ${interest}.`,
    "",
    `Your reference number: ${inquiry.reference}`,
    "",
    `A member of our team will respond within ${company.responseTime}. If you write to us in the meantime, please quote your reference number.`,
    "",
    `Phone and WhatsApp: ${company.phone.display}`,
    `Email: ${company.emails.general.address}`,
    `Website: ${siteUrl}`,
    "",
    "If you did not send this inquiry, you can ignore this email.",
    "",
    company.brandName,
  ].join("\n");
  const html = layoutHtml(
    subject,
    `<h1 style="font-size:20px;margin:0 0 16px">Thank you for your inquiry</h1>
<p style="font-size:14px;line-height:1.5">Thank you for contacting ${escapeHtml(company.brandName)}. We have received your inquiry about ${escapeHtml(interest)}.</p>
<p style="font-size:16px;margin:16px 0">Your reference number: <strong>${escapeHtml(inquiry.reference)}</strong></p>
<p style="font-size:14px;line-height:1.5">A member of our team will respond within ${escapeHtml(company.responseTime)}. If you write to us in the meantime, please quote your reference number.</p>
<p style="font-size:14px;line-height:1.5">Phone and WhatsApp: ${escapeHtml(company.phone.display)}<br>Email: <a href="${escapeHtml(company.emails.general.href)}">${escapeHtml(company.emails.general.address)}</a><br>Website: <a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl)}</a></p>
<p style="font-size:12px;color:#57534e">If you did not send this inquiry, you can ignore this email.</p>`,
  );
  return { subject, text, html };
}
