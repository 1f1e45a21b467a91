import { authLinks, formatHours } from "~/content/auth-links";
import { company } from "~/content/company";
import type { MailMessage } from "~/lib/mail/mail.server";
import { renderLaidOut } from "~/lib/mail/desk-mails.server";
import { Paragraph, SignOff } from "~/lib/mail/templates/mail-blocks.server";
import { Button } from "~/lib/mail/templates/mail-button.server";

/** Greets without the account's name: whoever signs up chooses it, so it could carry phishing into a genuine mail. */
export function renderAccountMail(mail: {
  kind: string;
  to: string;
  subject: string;
  paragraphs: readonly string[];
  action: { label: string; url: string };
  note: string;
}): MailMessage {
  const { kind, to, subject, action } = mail;
  const body = (
    <>
      <Paragraph>Hello,</Paragraph>
      {mail.paragraphs.map((paragraph, index) => (
        <Paragraph key={index}>{paragraph}</Paragraph>
      ))}
      <Button href={action.url}>{action.label}</Button>
      <Paragraph muted>{mail.note}</Paragraph>
      <SignOff />
    </>
  );
  return { kind, to, ...renderLaidOut(subject, body) };
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
