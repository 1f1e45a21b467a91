import { count, eq, not } from "drizzle-orm";
import { contactSubmissions, equipmentRequests } from "~db/schema";
import type { Db } from "~/lib/db/db.server";

/**
 * Genuine rental and quote requests per machine, by item id: what the desk's
 * catalogue shows beside each machine. Spam and held requests do not count;
 * a request goes with its inquiry, so the figure is of the inquiries kept.
 */
export async function countRequestsByMachine(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ itemId: equipmentRequests.item_id, requests: count() })
    .from(equipmentRequests)
    .innerJoin(contactSubmissions, eq(contactSubmissions.id, equipmentRequests.inquiry_id))
    .where(not(contactSubmissions.is_spam))
    .groupBy(equipmentRequests.item_id);
  return new Map(rows.flatMap((row) => (row.itemId === null ? [] : [[row.itemId, row.requests] as const])));
}
