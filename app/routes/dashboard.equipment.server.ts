import { data, href } from "react-router";
import { z } from "zod";
import type { EditorValues } from "~/components/equipment-editor";
import { EquipmentItemSchema } from "~/forms/equipment-item";
import { parseForm } from "~/forms/parse-form";
import {
  createDeskItem,
  type DeskItem,
  listItemChanges,
  moveDeskItem,
  setDeskItemStatus,
  updateDeskItem,
} from "~/lib/catalogue/catalogue-editor.server";
import { photosDir } from "~/lib/catalogue/photo-files.server";
import { deletePhoto, movePhoto } from "~/lib/catalogue/catalogue-photos.server";
import { type AppContext, databaseContext, envContext } from "~/lib/context.server";
import { refuseForeignForm } from "~/lib/http/form-data.server";
import { redirectWithToast } from "~/lib/http/toast.server";

const text = (value: number | string | null) => (value === null ? "" : String(value));

/** An item's fields as the editor's form shows them. */
export function editorValues(item: DeskItem): EditorValues {
  return {
    name: item.name,
    category: item.category,
    description: item.description,
    features: item.features.join("\n"),
    specs: item.specs.map((spec) => `${spec.label}: ${spec.value}`).join("\n"),
    image_alt: item.image_alt,
    availability: item.availability,
    day_rate_usd: text(item.day_rate_usd),
    week_rate_usd: text(item.week_rate_usd),
    month_rate_usd: text(item.month_rate_usd),
    hours_per_day: text(item.hours_per_day),
    minimum_hire_count: text(item.minimum_hire_count),
    minimum_hire_unit: item.minimum_hire_unit,
    sale_price_usd: text(item.sale_price_usd),
    next_available_on: text(item.next_available_on),
    location: text(item.location),
    condition: text(item.condition),
    year: text(item.year),
    hour_meter: text(item.hour_meter),
    serial_number: text(item.serial_number),
  };
}

/** Saves the editor's form: bad input answers 400 with each field's message and the text as posted, and saves nothing. */
export async function saveItemForm(
  context: AppContext,
  formData: FormData,
  actorId: string,
  id: string | null,
) {
  const parsed = parseForm(EquipmentItemSchema, formData);
  const values = parsed.values as EditorValues;
  if (!parsed.ok) return data({ errors: parsed.fieldErrors, values }, { status: 400 });
  const { db } = context.get(databaseContext);
  if (id === null) {
    const created = await createDeskItem(db, parsed.data, actorId);
    return redirectWithToast(context, href("/dashboard/equipment/:id", { id: created }), {
      title: "Machine added as a draft",
    });
  }
  if (!(await updateDeskItem(db, id, parsed.data, actorId))) throw data("Not found", { status: 404 });
  return redirectWithToast(context, href("/dashboard/equipment/:id", { id }), { title: "Machine saved" });
}

const STATUS_INTENTS = { publish: "published", unpublish: "draft" } as const;
const MOVE_INTENTS = { up: "up", down: "down" } as const;

/** Publish, unpublish and move: the list's and the item page's buttons, then back to `returnTo`. */
export async function changeItemForm(
  context: AppContext,
  formData: FormData,
  actorId: string,
  id: string,
  returnTo: string,
) {
  refuseForeignForm(formData, "intent", ["publish", "unpublish", "up", "down"]);
  const intent = formData.get("intent") as "publish" | "unpublish" | "up" | "down";
  const { db } = context.get(databaseContext);
  const found =
    intent === "publish" || intent === "unpublish"
      ? await setDeskItemStatus(db, id, STATUS_INTENTS[intent], actorId)
      : await moveDeskItem(db, id, MOVE_INTENTS[intent], actorId);
  if (!found) throw data("Not found", { status: 404 });
  const titles = { publish: "Published", unpublish: "Unpublished", up: "Moved up", down: "Moved down" };
  return redirectWithToast(context, returnTo, { title: titles[intent] });
}

const PHOTO_INTENTS = ["photo-up", "photo-down", "photo-delete"] as const;

export function isPhotoIntent(intent: FormDataEntryValue | null): boolean {
  return PHOTO_INTENTS.includes(intent as (typeof PHOTO_INTENTS)[number]);
}

/** Moves or deletes one of the item's photos, then back to its editor. */
export async function changePhotoForm(
  context: AppContext,
  formData: FormData,
  actorId: string,
  itemId: string,
) {
  refuseForeignForm(formData, "intent", PHOTO_INTENTS);
  refuseForeignForm(formData, "photo");
  const photoId = String(formData.get("photo"));
  if (!z.uuid().safeParse(photoId).success) throw data("Not found", { status: 404 });
  const intent = formData.get("intent") as (typeof PHOTO_INTENTS)[number];
  const { db } = context.get(databaseContext);
  const ids = { itemId, photoId };
  const found =
    intent === "photo-delete"
      ? await deletePhoto(db, photosDir(context.get(envContext)), { ...ids, actorId })
      : await movePhoto(db, ids, intent === "photo-up" ? "up" : "down");
  if (!found) throw data("Not found", { status: 404 });
  const titles = {
    "photo-up": "Photo moved earlier",
    "photo-down": "Photo moved later",
    "photo-delete": "Photo deleted",
  };
  return redirectWithToast(context, `${href("/dashboard/equipment/:id", { id: itemId })}#photos-heading`, {
    title: titles[intent],
  });
}

/** The history as the page shows it (dates as ISO text). */
export async function loadHistory(context: AppContext, id: string) {
  const changes = await listItemChanges(context.get(databaseContext).db, id);
  return changes.map((change) => ({ ...change, at: change.at.toISOString() }));
}
