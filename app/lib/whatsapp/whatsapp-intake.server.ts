import { z } from "zod";
import { whatsappDeliveries } from "~db/schema";
import type { DatabaseHandle, Db } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import { receivedMailConfigFromEnv } from "~/lib/conversation/file-received-mail.server";
import { defineJobKind } from "~/lib/jobs/job-kind.server";
import { enqueueJob } from "~/lib/jobs/job-queue.server";
import { fileDelivery } from "~/lib/whatsapp/file-whatsapp.server";

/** Files one stored webhook call; a retry files only what the last attempt left. */
export const whatsAppDeliveryJob = defineJobKind({
  kind: "whatsapp-delivery",
  payloadSchema: z.object({ deliveryId: z.uuid() }),
  run: (payload, _job, deps: { env: Env; database: DatabaseHandle }) =>
    fileDelivery(deps.database.db, receivedMailConfigFromEnv(deps.env), payload.deliveryId),
});

/**
 * Keeps a verified webhook body and queues its filing, in one transaction:
 * once this returns, the 200 may go out and a crash loses nothing.
 */
export async function storeDelivery(db: Db, body: Buffer): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(whatsappDeliveries)
      // Postgres text refuses NUL; the JSON escapes any NUL in a string, so a raw one is not Meta's.
      .values({ body: body.toString("utf8").replaceAll("\u0000", "") })
      .returning({ id: whatsappDeliveries.id });
    await enqueueJob(tx, whatsAppDeliveryJob, { deliveryId: row!.id });
    return row!.id;
  });
}
