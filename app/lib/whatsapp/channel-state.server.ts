import { eq } from "drizzle-orm";
import { whatsAppLimits } from "~/content/whatsapp-limits";
import { whatsappChannelState } from "~db/schema";
import type { Db } from "~/lib/db/db.server";

/** Whether the desk and /metrics show the channel as failing, and why. */
export async function readChannelHealth(db: Db) {
  const [row] = await db.select().from(whatsappChannelState).where(eq(whatsappChannelState.id, "channel"));
  const flagged = Boolean(
    row && (row.unauthorized || row.consecutive_failures >= whatsAppLimits.failuresBeforeFlag),
  );
  return {
    flagged,
    unauthorized: row?.unauthorized ?? false,
    lastError: flagged ? (row?.last_error ?? null) : null,
    failingSince: flagged ? (row?.failing_since ?? null) : null,
  };
}
