import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import { equipmentItemChanges, equipmentItems, equipmentPhotos } from "~db/schema";
import { cataloguePhotoLimits, uploadLimits } from "~/content/uploads";
import type { Db } from "~/lib/db/db.server";
import {
  PhotoRefused,
  removeRenditions,
  renderPhoto,
  writeRenditions,
} from "~/lib/catalogue/photo-renditions.server";
import type { PhotoView } from "~/lib/catalogue/photo-urls";
import { openUpload } from "~/lib/uploads/upload-files.server";

const PHOTO_COLUMNS = {
  id: equipmentPhotos.id,
  key: equipmentPhotos.key,
  widths: equipmentPhotos.widths,
  width: equipmentPhotos.width,
  height: equipmentPhotos.height,
  alt: equipmentPhotos.alt,
};

/** The photos of the given items, each item's in its order. */
export async function listPhotosOf(db: Db, itemIds: readonly string[]): Promise<Map<string, PhotoView[]>> {
  const photos = new Map<string, PhotoView[]>();
  if (itemIds.length === 0) return photos;
  const rows = await db
    .select({ ...PHOTO_COLUMNS, itemId: equipmentPhotos.item_id })
    .from(equipmentPhotos)
    .where(inArray(equipmentPhotos.item_id, [...itemIds]))
    .orderBy(asc(equipmentPhotos.item_id), asc(equipmentPhotos.position));
  for (const { itemId, ...photo } of rows) photos.set(itemId, [...(photos.get(itemId) ?? []), photo]);
  return photos;
}

export type PhotoProblem =
  "too-large" | "format" | "empty" | "pixels" | "unreadable" | "full" | "no-item" | "no-alt";

/**
 * Takes one uploaded photo for an item through the upload pipeline's opening (streamed, typed by its bytes, cut
 * off at the file limit), then re-encodes it; only the renditions are kept, in `dir`. The item's history records it.
 */
export async function receivePhoto(
  db: Db,
  dir: string,
  upload: { itemId: string; alt: string; content: AsyncIterable<Buffer>; actorId: string },
): Promise<{ added: true; photoId: string } | { added: false; problem: PhotoProblem }> {
  const drop = async (problem: PhotoProblem) => {
    for await (const _chunk of upload.content) {
      // Read and dropped: the request must end for the answer to be sent.
    }
    return { added: false as const, problem };
  };
  const alt = upload.alt.trim();
  if (!alt || alt.length > cataloguePhotoLimits.altMaxLength) return drop("no-alt");
  const [item] = await db
    .select({ id: equipmentItems.id })
    .from(equipmentItems)
    .where(eq(equipmentItems.id, upload.itemId));
  if (!item) return drop("no-item");
  if (
    (await db.$count(equipmentPhotos, eq(equipmentPhotos.item_id, item.id))) >=
    cataloguePhotoLimits.maxPerItem
  )
    return drop("full");
  const opened = await openUpload(upload.content, {
    maxBytes: uploadLimits.maxFileBytes,
    formats: cataloguePhotoLimits.formats,
  });
  if (!opened.opened) return { added: false, problem: opened.problem };
  const chunks: Buffer[] = [];
  for await (const chunk of opened.content) chunks.push(chunk);
  if (opened.read().tooLarge) {
    await opened.drain();
    return { added: false, problem: "too-large" };
  }
  let renditions;
  try {
    renditions = await renderPhoto(Buffer.concat(chunks));
  } catch (error) {
    if (error instanceof PhotoRefused) return { added: false, problem: error.problem };
    throw error;
  }
  writeRenditions(dir, renditions);
  const photoId = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('equipment_photos'))`);
    const [last] = await tx
      .select({ position: max(equipmentPhotos.position) })
      .from(equipmentPhotos)
      .where(eq(equipmentPhotos.item_id, item.id));
    const [row] = await tx
      .insert(equipmentPhotos)
      .values({
        item_id: item.id,
        key: renditions.key,
        widths: renditions.widths,
        width: renditions.width,
        height: renditions.height,
        alt,
        position: (last?.position ?? 0) + 1,
      })
      .returning({ id: equipmentPhotos.id });
    await tx.insert(equipmentItemChanges).values({
      item_id: item.id,
      field: "photos",
      from_value: null,
      to_value: alt,
      changed_by: upload.actorId,
    });
    return row!.id;
  });
  return { added: true, photoId };
}

/** Removes a photo of an item, and its files unless another photo has the same renditions. */
export async function deletePhoto(
  db: Db,
  dir: string,
  ids: { itemId: string; photoId: string; actorId: string },
): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const [photo] = await tx
      .delete(equipmentPhotos)
      .where(and(eq(equipmentPhotos.id, ids.photoId), eq(equipmentPhotos.item_id, ids.itemId)))
      .returning();
    if (!photo) return null;
    await tx.insert(equipmentItemChanges).values({
      item_id: ids.itemId,
      field: "photos",
      from_value: photo.alt,
      to_value: null,
      changed_by: ids.actorId,
    });
    const shared = await tx.$count(equipmentPhotos, eq(equipmentPhotos.key, photo.key));
    return { photo, shared };
  });
  if (!removed) return false;
  if (removed.shared === 0) removeRenditions(dir, removed.photo);
  return true;
}

/** Swaps a photo with the one before or after it. False when the photo is not the item's. */
export async function movePhoto(
  db: Db,
  ids: { itemId: string; photoId: string },
  direction: "up" | "down",
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('equipment_photos'))`);
    const photos = await tx
      .select({ id: equipmentPhotos.id, position: equipmentPhotos.position })
      .from(equipmentPhotos)
      .where(eq(equipmentPhotos.item_id, ids.itemId))
      .orderBy(asc(equipmentPhotos.position));
    const index = photos.findIndex((photo) => photo.id === ids.photoId);
    if (index < 0) return false;
    const other = photos[direction === "up" ? index - 1 : index + 1];
    if (!other) return true;
    const photo = photos[index]!;
    await tx
      .update(equipmentPhotos)
      .set({ position: other.position })
      .where(eq(equipmentPhotos.id, photo.id));
    await tx
      .update(equipmentPhotos)
      .set({ position: photo.position })
      .where(eq(equipmentPhotos.id, other.id));
    return true;
  });
}
