import { authLinks, formatHours } from "~/content/auth-links";
import { company } from "~/content/company";
import { escapeHtml, type MailMessage } from "./mail.server";

/**
 * The account mails: plain text and HTML with the same content. They greet
 * without the account's name: whoever signs up chooses it, so it could carry
 * a phishing text into a genuine mail. Links are built by us.
 */
export interface AccountMail {
  kind: string;
  to: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

export function renderAccountMail(mail: AccountMail): MailMessage {
  const greeting = "Hello,";
  const text = [
    greeting,
    "",
    ...mail.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(mail.action ? [`${mail.action.label}:`, mail.action.url, ""] : []),
    mail.footer,
    "",
    `— ${company.brandName}`,
  ].join("\n");

  const paragraphHtml = mail.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n");
  const actionHtml = mail.action
    ? `<p><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;padding:10px 18px;background:#92400e;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(mail.action.label)}</a></p>
<p style="font-size:13px;color:#57534e">If the button does not work, copy this address into your browser:<br>${escapeHtml(mail.action.url)}</p>`
    : "";
  const html = `<!doctype html>
<html lang="en-GB"><body style="font-family:Arial,Helvetica,sans-serif;color:#1c1917;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphHtml}
${actionHtml}
<p style="font-size:13px;color:#57534e">${escapeHtml(mail.footer)}</p>
<p>— ${escapeHtml(company.brandName)}</p>
</body></html>`;

  return { kind: mail.kind, to: mail.to, subject: mail.subject, text, html };
}

export function verificationMail({ to, url }: { to: string; url: string }): MailMessage {
  return renderAccountMail({
    kind: "auth-verify-email",
    to,
    subject: `Verify your email address for ${company.brandName}`,
    paragraphs: [
      `Thank you for creating an account with ${company.brandName}.`,
      `Please confirm your email address to finish setting up your account. The link is valid for ${formatHours(authLinks.verifyEmailHours)}.`,
    ],
    action: { label: "Verify email address", url },
    footer: "If you did not create this account, you can ignore this email.",
  });
}

export function resetPasswordMail({ to, url }: { to: string; url: string }): MailMessage {
  return renderAccountMail({
    kind: "auth-reset-password",
    to,
    subject: `Reset your ${company.brandName} password`,
    paragraphs: [
      "We received a request to reset the password of your account.",
      `The link below works once and is valid for ${formatHours(authLinks.resetPasswordHours)}. Choosing a new password signs you out everywhere.`,
    ],
    action: { label: "Choose a new password", url },
    footer: "If you did not ask for this, you can ignore this email: your password stays the same.",
  });
}

/** Sent instead of an error when someone signs up with a registered address (no account enumeration). */
export function existingAccountMail({ to, siteUrl }: { to: string; siteUrl: string }): MailMessage {
  return renderAccountMail({
    kind: "auth-existing-account",
    to,
    subject: `You already have a ${company.brandName} account`,
    paragraphs: [
      "Someone, hopefully you, tried to create an account with this email address. You already have one.",
      "You can sign in, or choose a new password if you have forgotten it.",
    ],
    action: { label: "Reset your password", url: `${siteUrl}/auth/forgot-password` },
    footer: `If this was not you, you can ignore this email. Sign in at ${siteUrl}/auth`,
  });
}
