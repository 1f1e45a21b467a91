import { asc, desc, eq, gt, lt, max, sql } from "drizzle-orm";
import { equipmentItemChanges, equipmentItems, user } from "~db/schema";
import type { EquipmentItemInput } from "~/forms/equipment-item";
import type { Db } from "~/lib/db/db.server";

export type DeskItem = typeof equipmentItems.$inferSelect;
type Status = "draft" | "published";

/** The picture a new item shows until photos come: its category's illustration. */
const CATEGORY_IMAGES: Record<EquipmentItemInput["category"], string> = {
  excavators: "/images/equipment/cat-320-excavator.svg",
  bulldozers: "/images/equipment/komatsu-d65px-bulldozer.svg",
  "wash-plants": "/images/equipment/gold-wash-plant-150tph.svg",
};

/** The fields an admin edits, each recorded in the history when it changes. */
const EDITED_FIELDS = [
  "name",
  "category",
  "description",
  "features",
  "specs",
  "image_alt",
  "availability",
  "day_rate_usd",
  "week_rate_usd",
  "month_rate_usd",
  "hours_per_day",
  "minimum_hire_count",
  "minimum_hire_unit",
  "sale_price_usd",
  "next_available_on",
  "location",
  "condition",
  "year",
  "hour_meter",
  "serial_number",
] as const satisfies readonly (keyof EquipmentItemInput & keyof DeskItem)[];

/** A value as the history shows it: text, lists one item a line, nothing as null. */
function historyText(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (Array.isArray(value)) {
    return value
      .map((entry: unknown) =>
        typeof entry === "object" && entry !== null && "label" in entry && "value" in entry
          ? `${String(entry.label)}: ${String(entry.value)}`
          : String(entry),
      )
      .join("\n");
  }
  return String(value);
}

function columnsOf(input: EquipmentItemInput) {
  return { ...input, minimum_hire_count: input.minimum_hire_count ?? 1 };
}

/** Every item, drafts too, in the catalogue's order. */
export function listDeskItems(db: Db): Promise<DeskItem[]> {
  return db.select().from(equipmentItems).orderBy(asc(equipmentItems.position), asc(equipmentItems.id));
}

export async function getDeskItem(db: Db, id: string): Promise<DeskItem | null> {
  const [row] = await db.select().from(equipmentItems).where(eq(equipmentItems.id, id)).limit(1);
  return row ?? null;
}

/** An address segment from the name, made unique with a number. */
async function freeId(tx: Db, name: string): Promise<string> {
  const base =
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "machine";
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    if ((await tx.$count(equipmentItems, eq(equipmentItems.id, id))) === 0) return id;
  }
}

/** A new item, a draft at the end of the catalogue; its creation is the history's first entry. */
export async function createDeskItem(db: Db, input: EquipmentItemInput, actorId: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('equipment_items'))`);
    const id = await freeId(tx, input.name);
    const [last] = await tx.select({ position: max(equipmentItems.position) }).from(equipmentItems);
    await tx.insert(equipmentItems).values({
      ...columnsOf(input),
      id,
      image: CATEGORY_IMAGES[input.category],
      image_width: 640,
      image_height: 400,
      status: "draft",
      position: (last?.position ?? 0) + 1,
    });
    await tx
      .insert(equipmentItemChanges)
      .values({ item_id: id, field: "created", from_value: null, to_value: input.name, changed_by: actorId });
    return id;
  });
}

/** Saves the edited fields; each one that changed becomes a history entry. False when the item is gone. */
export async function updateDeskItem(
  db: Db,
  id: string,
  input: EquipmentItemInput,
  actorId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(equipmentItems).where(eq(equipmentItems.id, id)).for("update");
    if (!current) return false;
    const next = columnsOf(input);
    const changes = EDITED_FIELDS.flatMap((field) => {
      const from = historyText(current[field]);
      const to = historyText(next[field]);
      return from === to ? [] : [{ item_id: id, field, from_value: from, to_value: to, changed_by: actorId }];
    });
    if (changes.length === 0) return true;
    await tx
      .update(equipmentItems)
      .set({ ...next, updated_at: sql`now()` })
      .where(eq(equipmentItems.id, id));
    await tx.insert(equipmentItemChanges).values(changes);
    return true;
  });
}

/** Publishes or unpublishes; false when the item is gone. */
export async function setDeskItemStatus(
  db: Db,
  id: string,
  status: Status,
  actorId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: equipmentItems.status })
      .from(equipmentItems)
      .where(eq(equipmentItems.id, id))
      .for("update");
    if (!current) return false;
    if (current.status === status) return true;
    await tx
      .update(equipmentItems)
      .set({ status, updated_at: sql`now()` })
      .where(eq(equipmentItems.id, id));
    await tx.insert(equipmentItemChanges).values({
      item_id: id,
      field: "status",
      from_value: current.status,
      to_value: status,
      changed_by: actorId,
    });
    return true;
  });
}

/** Swaps the item with its neighbour above or below; the history of both records the move. */
export async function moveDeskItem(
  db: Db,
  id: string,
  direction: "up" | "down",
  actorId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('equipment_items'))`);
    const [item] = await tx.select().from(equipmentItems).where(eq(equipmentItems.id, id));
    if (!item) return false;
    const [neighbour] = await tx
      .select()
      .from(equipmentItems)
      .where(
        direction === "up"
          ? lt(equipmentItems.position, item.position)
          : gt(equipmentItems.position, item.position),
      )
      .orderBy(direction === "up" ? desc(equipmentItems.position) : asc(equipmentItems.position))
      .limit(1);
    if (!neighbour) return true;
    await tx
      .update(equipmentItems)
      .set({ position: neighbour.position })
      .where(eq(equipmentItems.id, item.id));
    await tx
      .update(equipmentItems)
      .set({ position: item.position })
      .where(eq(equipmentItems.id, neighbour.id));
    await tx.insert(equipmentItemChanges).values([
      {
        item_id: item.id,
        field: "position",
        from_value: String(item.position),
        to_value: String(neighbour.position),
        changed_by: actorId,
      },
      {
        item_id: neighbour.id,
        field: "position",
        from_value: String(neighbour.position),
        to_value: String(item.position),
        changed_by: actorId,
      },
    ]);
    return true;
  });
}

export interface ItemChange {
  id: string;
  field: string;
  from: string | null;
  to: string | null;
  /** The admin's name, or null once the account is gone. */
  by: string | null;
  at: Date;
}

/** An item's history, newest first. */
export async function listItemChanges(db: Db, itemId: string): Promise<ItemChange[]> {
  return db
    .select({
      id: equipmentItemChanges.id,
      field: equipmentItemChanges.field,
      from: equipmentItemChanges.from_value,
      to: equipmentItemChanges.to_value,
      by: user.name,
      at: equipmentItemChanges.changed_at,
    })
    .from(equipmentItemChanges)
    .leftJoin(user, eq(user.id, equipmentItemChanges.changed_by))
    .where(eq(equipmentItemChanges.item_id, itemId))
    .orderBy(desc(equipmentItemChanges.changed_at), desc(equipmentItemChanges.id));
}
