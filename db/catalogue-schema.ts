import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { contactSubmissions } from "./schema";

/** A spec row as the pages show it: `key` is stable, `label` and `value` are display text. */
export interface EquipmentSpecRow {
  key: string;
  label: string;
  value: string;
}

/**
 * The equipment catalogue the team edits at /dashboard/equipment. Prices are
 * whole US dollars (null: not offered at that period, or "Contact for Price"
 * for a sale); the serial number never leaves the desk. The migration that
 * creates the table seeds it with the six machines the code shipped with
 * (app/content/equipment.ts). `image` is the illustration an item shows
 * until it has photos (`equipment_photos`).
 */
export const equipmentItems = pgTable(
  "equipment_items",
  {
    /** The address segment (/equipment/:id), fixed when the item is created. */
    id: text().primaryKey(),
    name: text().notNull(),
    category: text().notNull(),
    description: text().notNull(),
    features: jsonb().$type<string[]>().notNull().default([]),
    specs: jsonb().$type<EquipmentSpecRow[]>().notNull().default([]),
    image: text().notNull(),
    image_alt: text().notNull(),
    image_width: integer().notNull(),
    image_height: integer().notNull(),
    availability: text().notNull(),
    day_rate_usd: integer(),
    week_rate_usd: integer(),
    month_rate_usd: integer(),
    /** Operating hours a day's rate includes. */
    hours_per_day: integer(),
    minimum_hire_count: integer().notNull().default(1),
    /** "day" | "week" | "month". */
    minimum_hire_unit: text().notNull().default("week"),
    sale_price_usd: integer(),
    next_available_on: date({ mode: "string" }),
    location: text(),
    /** "new" | "used"; null when not stated. */
    condition: text(),
    year: integer(),
    hour_meter: integer(),
    serial_number: text(),
    /** "draft" | "published". */
    status: text().notNull().default("draft"),
    position: integer().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("equipment_items_status_position_idx").on(table.status, table.position),
    check("equipment_items_status_check", sql`${table.status} in ('draft', 'published')`),
    check("equipment_items_unit_check", sql`${table.minimum_hire_unit} in ('day', 'week', 'month')`),
  ],
);

/**
 * A photo of an item, as re-encoded renditions under
 * DATA_DIR/catalogue-photos named `<key>-<width>.<avif|webp|jpg>`: `key` is
 * a hash of the renditions' bytes, so a name never points at other content
 * and the files may be cached for good. The uploaded file itself is not
 * kept. `width` and `height` are the largest rendition's.
 */
export const equipmentPhotos = pgTable(
  "equipment_photos",
  {
    id: uuid().primaryKey().defaultRandom(),
    item_id: text()
      .notNull()
      .references(() => equipmentItems.id, { onDelete: "cascade" }),
    key: text().notNull(),
    /** The renditions' widths, smallest first. */
    widths: jsonb().$type<number[]>().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    alt: text().notNull(),
    position: integer().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("equipment_photos_item_position_idx").on(table.item_id, table.position)],
);

/**
 * Each change an admin made to an item: which field, from what, to what, by
 * whom and when. Values are catalogue text, never a visitor's; the admin is
 * named by account, so the row says "a former admin" once the account goes.
 */
export const equipmentItemChanges = pgTable(
  "equipment_item_changes",
  {
    id: uuid().primaryKey().defaultRandom(),
    item_id: text()
      .notNull()
      .references(() => equipmentItems.id, { onDelete: "cascade" }),
    field: text().notNull(),
    from_value: text(),
    to_value: text(),
    changed_by: text().references(() => user.id, { onDelete: "set null" }),
    changed_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("equipment_item_changes_item_idx").on(table.item_id, table.changed_at)],
);

/**
 * A rental or quote request sent from an item's page: the inquiry it became,
 * the machine, the dates and the estimate shown. Goes with its inquiry.
 */
export const equipmentRequests = pgTable(
  "equipment_requests",
  {
    inquiry_id: uuid()
      .primaryKey()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    item_id: text().references(() => equipmentItems.id, { onDelete: "set null" }),
    /** The machine's name when asked, kept if the item is deleted. */
    item_name: text().notNull(),
    /** "rent" | "buy". */
    kind: text().notNull(),
    start_on: date({ mode: "string" }),
    end_on: date({ mode: "string" }),
    site_location: text(),
    estimate_usd: integer(),
  },
  (table) => [index("equipment_requests_item_idx").on(table.item_id)],
);
