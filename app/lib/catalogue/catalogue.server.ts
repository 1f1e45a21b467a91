import { and, asc, eq } from "drizzle-orm";
import { equipmentItems } from "~db/schema";
import { type CatalogueItem, toCatalogueItem } from "~/lib/catalogue/catalogue-item";
import type { Db } from "~/lib/db/db.server";
import { listPhotosOf } from "~/lib/catalogue/catalogue-photos.server";

/** What a public page may read of an item: everything but the serial number and the bookkeeping. */
const PUBLIC_COLUMNS = {
  id: equipmentItems.id,
  name: equipmentItems.name,
  category: equipmentItems.category,
  description: equipmentItems.description,
  features: equipmentItems.features,
  specs: equipmentItems.specs,
  image: equipmentItems.image,
  image_alt: equipmentItems.image_alt,
  image_width: equipmentItems.image_width,
  image_height: equipmentItems.image_height,
  availability: equipmentItems.availability,
  day_rate_usd: equipmentItems.day_rate_usd,
  week_rate_usd: equipmentItems.week_rate_usd,
  month_rate_usd: equipmentItems.month_rate_usd,
  hours_per_day: equipmentItems.hours_per_day,
  minimum_hire_count: equipmentItems.minimum_hire_count,
  minimum_hire_unit: equipmentItems.minimum_hire_unit,
  sale_price_usd: equipmentItems.sale_price_usd,
  next_available_on: equipmentItems.next_available_on,
  location: equipmentItems.location,
  condition: equipmentItems.condition,
  year: equipmentItems.year,
  hour_meter: equipmentItems.hour_meter,
};

const PUBLISHED = eq(equipmentItems.status, "published");

/** The published catalogue in the team's order, read on every request so each instance shows the same. */
export async function listPublishedItems(db: Db): Promise<CatalogueItem[]> {
  const rows = await db
    .select(PUBLIC_COLUMNS)
    .from(equipmentItems)
    .where(PUBLISHED)
    .orderBy(asc(equipmentItems.position), asc(equipmentItems.id));
  const photos = await listPhotosOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCatalogueItem(row, photos.get(row.id)));
}

/** One published item, or null for a draft or an unknown id. */
export async function findPublishedItem(db: Db, id: string): Promise<CatalogueItem | null> {
  const [row] = await db
    .select(PUBLIC_COLUMNS)
    .from(equipmentItems)
    .where(and(PUBLISHED, eq(equipmentItems.id, id)))
    .limit(1);
  if (!row) return null;
  return toCatalogueItem(row, (await listPhotosOf(db, [row.id])).get(row.id));
}

/** The published items' addresses, for the sitemap. */
export async function listPublishedItemIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: equipmentItems.id })
    .from(equipmentItems)
    .where(PUBLISHED)
    .orderBy(asc(equipmentItems.position), asc(equipmentItems.id));
  return rows.map((row) => row.id);
}
