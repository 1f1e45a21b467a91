import { authLinks, formatHours } from "~/content/auth-links";
import { company } from "~/content/company";
import type { MailMessage } from "~/lib/mail/mail.server";
import { AccountMail, type AccountMailProps } from "~/lib/mail/templates/account-mail.server";
import { renderMail } from "~/lib/mail/templates/render-mail.server";

/** The mails about an account: the recipient, what the mail is for, and its content. */
export function renderAccountMail({
  kind,
  to,
  ...mail
}: AccountMailProps & { kind: string; to: string }): MailMessage {
  return { kind, to, subject: mail.subject, ...renderMail(<AccountMail {...mail} />) };
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
    note: "If you did not create this account, you can ignore this email.",
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
    note: "If you did not ask for this, you can ignore this email: your password stays the same.",
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
    note: `If this was not you, you can ignore this email. Sign in at ${siteUrl}/auth`,
  });
}
