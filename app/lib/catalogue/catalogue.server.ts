import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { equipmentItems } from "~db/schema";
import { type EquipmentFilters, type EquipmentSort, sortEquipment } from "~/content/equipment-filters";
import { type CatalogueItem, toCatalogueItem } from "~/lib/catalogue/catalogue-item";
import { rentalPriceText, salePriceText } from "~/lib/catalogue/rate-card";
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

export interface CataloguePage {
  items: CatalogueItem[];
  /** Published items in all, and those the filters match. */
  total: number;
  matching: number;
  /** The page shown (a page past the last shows the last) and how many there are. */
  page: number;
  pages: number;
}

/**
 * Spec §5, the filters: the search text anywhere in the name or the description, ignoring case (`strpos`, so `%` and
 * `_` are plain characters); category and availability exactly unless 'all'; all combined.
 */
function matchingItems(query: EquipmentFilters): SQL {
  const q = query.q ?? "";
  return and(
    PUBLISHED,
    query.category && query.category !== "all" ? eq(equipmentItems.category, query.category) : undefined,
    query.availability && query.availability !== "all"
      ? eq(equipmentItems.availability, query.availability)
      : undefined,
    q
      ? or(
          sql`strpos(lower(${equipmentItems.name}), lower(${q})) > 0`,
          sql`strpos(lower(${equipmentItems.description}), lower(${q})) > 0`,
        )
      : undefined,
  )!;
}

/**
 * One page of the published catalogue, filtered in the database; only that page's items are read whole. A sort
 * other than the team's order reads the matching items' names and prices and sorts them as sortEquipment says.
 */
export async function listCataloguePage(
  db: Db,
  query: EquipmentFilters & { sort?: EquipmentSort },
  wanted: { page: number; pageSize: number },
): Promise<CataloguePage> {
  const where = matchingItems(query);
  const [counts] = await db
    .select({
      total: sql<number>`count(*) filter (where ${PUBLISHED})`.mapWith(Number),
      matching: sql<number>`count(*) filter (where ${where})`.mapWith(Number),
    })
    .from(equipmentItems);
  const { total, matching } = counts!;
  const pages = Math.max(1, Math.ceil(matching / wanted.pageSize));
  const page = Math.min(wanted.page, pages);
  const offset = (page - 1) * wanted.pageSize;
  const shown = { total, matching, page, pages };
  if (!query.sort) {
    const rows = await db
      .select(PUBLIC_COLUMNS)
      .from(equipmentItems)
      .where(where)
      .orderBy(asc(equipmentItems.position), asc(equipmentItems.id))
      .limit(wanted.pageSize)
      .offset(offset);
    const photos = await listPhotosOf(
      db,
      rows.map((row) => row.id),
    );
    return { ...shown, items: rows.map((row) => toCatalogueItem(row, photos.get(row.id))) };
  }
  const entries = await db
    .select({
      id: equipmentItems.id,
      name: equipmentItems.name,
      dayRateUsd: equipmentItems.day_rate_usd,
      salePriceUsd: equipmentItems.sale_price_usd,
    })
    .from(equipmentItems)
    .where(where)
    .orderBy(asc(equipmentItems.position), asc(equipmentItems.id));
  const sorted = sortEquipment(
    entries.map((entry) => ({
      ...entry,
      rentalPrice: rentalPriceText(entry),
      salePrice: salePriceText(entry.salePriceUsd),
    })),
    query.sort,
  );
  const ids = sorted.slice(offset, offset + wanted.pageSize).map((entry) => entry.id);
  return { ...shown, items: await readItems(db, ids) };
}

/** The published items with these ids, whole and in the order given. */
async function readItems(db: Db, ids: readonly string[]): Promise<CatalogueItem[]> {
  if (ids.length === 0) return [];
  const [rows, photos] = await Promise.all([
    db
      .select(PUBLIC_COLUMNS)
      .from(equipmentItems)
      .where(and(PUBLISHED, inArray(equipmentItems.id, [...ids]))),
    listPhotosOf(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCatalogueItem(row, photos.get(id))] : [];
  });
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
