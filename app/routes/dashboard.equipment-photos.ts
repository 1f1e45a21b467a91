import { href } from "react-router";
import { errorToast } from "~/components/toast";
import { cataloguePhotoLimits, uploadLimits } from "~/content/uploads";
import { type PhotoProblem, receivePhoto } from "~/lib/catalogue/catalogue-photos.server";
import { photosDir } from "~/lib/catalogue/photo-files.server";
import { databaseContext, envContext } from "~/lib/context.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { readUploadForm } from "~/lib/uploads/multipart-form.server";
import type { Route } from "./+types/dashboard.equipment-photos";

const megabytes = Math.round(uploadLimits.maxFileBytes / (1024 * 1024));
const megapixels = Math.round(cataloguePhotoLimits.maxInputPixels / 1_000_000);

const PROBLEMS: Record<PhotoProblem | "no-file", string> = {
  "no-file": "Choose a photo to upload.",
  "no-alt": `Describe the photo for screen readers (up to ${cataloguePhotoLimits.altMaxLength} characters).`,
  "too-large": `The photo is larger than ${megabytes} MB.`,
  format: "The file is not a JPEG, PNG or WebP image, whatever its name says.",
  empty: "The file was empty. Choose the photo again.",
  pixels: `The photo has more than ${megapixels} megapixels. Send a smaller one.`,
  unreadable: "The image could not be read. It may be damaged.",
  full: `A machine has at most ${cataloguePhotoLimits.maxPerItem} photos. Delete one first.`,
  "no-item": "This machine no longer exists.",
};

/** An admin's photo for a machine, streamed through the upload pipeline; back to the editor either way. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const { db } = context.get(databaseContext);
  const dir = photosDir(context.get(envContext));
  const form = await readUploadForm(request, {
    maxFileBytes: uploadLimits.maxFileBytes,
    onFile: (file) =>
      receivePhoto(db, dir, {
        itemId: params.id,
        alt: file.fields.get("alt") ?? "",
        content: file.content,
        actorId: user.id,
      }),
  });
  const back = `${href("/dashboard/equipment/:id", { id: params.id })}#photos-heading`;
  const outcome = form.file;
  if (!outcome) return redirectWithToast(context, back, errorToast(PROBLEMS["no-file"], "Photo not added"));
  if (!outcome.added)
    return redirectWithToast(context, back, errorToast(PROBLEMS[outcome.problem], "Photo not added"));
  return redirectWithToast(context, back, { title: "Photo added" });
}
