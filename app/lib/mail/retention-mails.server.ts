import { company } from "~/content/company";
import { retention } from "~/content/retention";
import { renderAccountMail } from "~/lib/mail/auth-mails.server";
import type { MailMessage } from "~/lib/mail/mail.server";

export const INACTIVITY_WARNING = "account-inactivity-warning";

/** The warning the retention job sends before it deletes an unused account. */
export function inactivityWarningMail({
  to,
  siteUrl,
  deleteAfter,
}: {
  to: string;
  siteUrl: string;
  deleteAfter: Date;
}): MailMessage {
  const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(deleteAfter);
  return renderAccountMail({
    kind: INACTIVITY_WARNING,
    to,
    subject: `Your ${company.brandName} account will be deleted`,
    paragraphs: [
      `Nobody has signed in to your ${company.brandName} account for ${retention.inactiveAccountMonths} months. As our privacy notice says, we delete accounts that are not used.`,
      `We will delete your account and its data on or after ${date}. To keep it, just sign in before then.`,
    ],
    action: { label: "Sign in to keep your account", url: `${siteUrl}/auth` },
    note: "If you no longer need the account, you do not need to do anything.",
  });
}
