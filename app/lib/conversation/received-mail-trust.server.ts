import { and, count, eq, gt, sql } from "drizzle-orm";
import { contactSubmissions, inquiryMessages, user, userRoles } from "~db/schema";
import { type MailLimit, mailLimits } from "~/content/mail-limits";
import type { Db } from "~/lib/db/db.server";
import { addressKey, addressKeyDomain } from "~/lib/mail/address-key";
import { addressOf } from "~/lib/conversation/mail-classify";
import type { ReceivedMail } from "~/lib/conversation/received-mail";
import { type SenderAuthentication, senderAuthentication } from "~/lib/conversation/sender-authentication";

/** Who sent a received message, as far as the desk can tell. */
export interface Sender {
  address: string;
  /** addressKey of the address: what the per-sender limit counts. */
  key: string;
  domain: string;
  authentication: SenderAuthentication;
}

export function senderOf(mail: ReceivedMail, authservId: string | null): Sender {
  const address = addressOf(mail.from.address);
  const key = addressKey(address);
  return {
    address,
    key,
    domain: addressKeyDomain(key),
    authentication: senderAuthentication(mail.headers, address, authservId),
  };
}

async function receivedSince(
  tx: Db,
  column: "sender_key" | "sender_domain",
  value: string,
  limit: MailLimit,
) {
  if (!value) return 0;
  const [row] = await tx
    .select({ received: count() })
    .from(inquiryMessages)
    .where(
      and(
        eq(inquiryMessages[column], value),
        gt(inquiryMessages.created_at, new Date(Date.now() - limit.windowMs)),
      ),
    );
  return row?.received ?? 0;
}

/** Whether the desk may announce one more mail from this sender, within the per-address and per-domain limits. */
export async function withinAnnounceLimits(tx: Db, sender: Sender): Promise<boolean> {
  const { announcedPerSender, announcedPerDomain } = mailLimits;
  return (
    (await receivedSince(tx, "sender_key", sender.key, announcedPerSender)) < announcedPerSender.max &&
    (await receivedSince(tx, "sender_domain", sender.domain, announcedPerDomain)) < announcedPerDomain.max
  );
}

/**
 * Why a message on a known lead waits for an admin: its sender failed our server's checks, or it is neither the
 * lead's nor the team's (anyone who learnt a reference could otherwise write into the lead and reopen it).
 */
export async function heldReasonOf(
  tx: Db,
  inquiryId: string,
  sender: Sender,
  teamAddresses: readonly string[],
): Promise<"authentication-failed" | "not-the-lead" | null> {
  if (sender.authentication.trust === "fail") return "authentication-failed";
  const [lead] = await tx
    .select({ email: contactSubmissions.email })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, inquiryId));
  if (lead && addressKey(lead.email) === sender.key) return null;
  if (teamAddresses.some((address) => addressKey(addressOf(address)) === sender.key)) return null;
  // The team: accounts with a desk role (anyone may open an account).
  const [member] = await tx
    .select({ id: user.id })
    .from(user)
    .innerJoin(userRoles, eq(userRoles.user_id, user.id))
    .where(sql`lower(${user.email}) = ${sender.address}`)
    .limit(1);
  return member ? null : "not-the-lead";
}
