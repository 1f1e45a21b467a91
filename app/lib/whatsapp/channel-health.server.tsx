import { sql } from "drizzle-orm";
import { whatsAppLimits } from "~/content/whatsapp-limits";
import { whatsappChannelState } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { findAdminRecipients } from "~/lib/inquiries/intake.server";
import { renderLaidOut } from "~/lib/mail/desk-mails.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { Paragraph } from "~/lib/mail/templates/mail-blocks.server";

export const WHATSAPP_CHANNEL_ALERT = "whatsapp-channel-alert";

const flaggedCondition = sql`(${whatsappChannelState.unauthorized} or ${whatsappChannelState.consecutive_failures} >= ${whatsAppLimits.failuresBeforeFlag})`;

/** A call that worked: whatever was flagged is over, and a later flag tells the admins again. */
export async function recordChannelSuccess(db: Db): Promise<void> {
  await db
    .update(whatsappChannelState)
    .set({
      unauthorized: false,
      consecutive_failures: 0,
      last_error: null,
      failing_since: null,
      admins_told_at: null,
      updated_at: sql`now()`,
    })
    .where(sql`${whatsappChannelState.consecutive_failures} > 0 or ${whatsappChannelState.unauthorized}`);
}

/** A failed call; once the channel is flagged, the admins are told once, by whichever instance gets there first. */
export async function recordChannelFailure(
  db: Db,
  failure: { unauthorized: boolean; error: string },
  admins: { adminEmails: readonly string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    const error = failure.error.slice(0, 500);
    await tx
      .insert(whatsappChannelState)
      .values({
        id: "channel",
        unauthorized: failure.unauthorized,
        consecutive_failures: 1,
        last_error: error,
        failing_since: sql`now()`,
      })
      .onConflictDoUpdate({
        target: whatsappChannelState.id,
        set: {
          unauthorized: sql`${whatsappChannelState.unauthorized} or ${failure.unauthorized}`,
          consecutive_failures: sql`${whatsappChannelState.consecutive_failures} + 1`,
          last_error: error,
          failing_since: sql`coalesce(${whatsappChannelState.failing_since}, now())`,
          updated_at: sql`now()`,
        },
      });
    const told = await tx
      .update(whatsappChannelState)
      .set({ admins_told_at: sql`now()` })
      .where(sql`${whatsappChannelState.admins_told_at} is null and ${flaggedCondition}`)
      .returning({ unauthorized: whatsappChannelState.unauthorized });
    if (told.length === 0) return;
    const subject = "WhatsApp: replies cannot be sent";
    const reason = told[0]!.unauthorized
      ? "Meta refused the WhatsApp access token (HTTP 401): it was revoked or has expired. Replace WHATSAPP_ACCESS_TOKEN with a new system user token and restart the site."
      : `The last ${whatsAppLimits.failuresBeforeFlag} calls to Meta's Graph API failed (the last: ${error}).`;
    await enqueueMail(tx, {
      kind: WHATSAPP_CHANNEL_ALERT,
      to: await findAdminRecipients(tx, admins.adminEmails),
      ...renderLaidOut(
        subject,
        <>
          <Paragraph>{reason}</Paragraph>
          <Paragraph>
            Replies and acknowledgements wait in the queue and are tried again; messages from leads are still
            received. This mail is sent once, until a call works again.
          </Paragraph>
        </>,
      ),
    });
  });
}
