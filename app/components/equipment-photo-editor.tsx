import { Form, href } from "react-router";
import { DeskSection } from "~/components/desk-page";
import { EquipmentPicture } from "~/components/equipment-picture";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { cataloguePhotoLimits, uploadFormats, uploadLimits } from "~/content/uploads";
import type { PhotoView } from "~/lib/catalogue/photo-urls";

const accept = cataloguePhotoLimits.formats.map((format) => uploadFormats[format].mime).join(",");
const formats = cataloguePhotoLimits.formats.map((format) => uploadFormats[format].label).join(", ");

/**
 * The machine's photos in their order, each with its text, moved or deleted by plain forms; a new one sent with its
 * description (the description first, so the server has it before the file's bytes).
 */
export function EquipmentPhotoEditor({ itemId, photos }: { itemId: string; photos: readonly PhotoView[] }) {
  const noImage = { image: "", imageAlt: "", imageWidth: 0, imageHeight: 0 };
  return (
    <DeskSection id="photos-heading" title="Photos">
      {photos.length === 0 ? (
        <p className="text-sm">No photos yet: visitors see the category's illustration.</p>
      ) : (
        <ol className="grid gap-4 sm:grid-cols-2" aria-label="Photos in the order visitors see them">
          {photos.map((photo, index) => (
            <li key={photo.id} className="space-y-2 rounded-lg border border-line p-3">
              <EquipmentPicture
                item={noImage}
                photo={photo}
                sizes="400px"
                eager={false}
                className="h-auto w-full rounded"
              />
              <p className="text-sm">{photo.alt}</p>
              <Form method="post" className="flex flex-wrap gap-2" aria-label={`Photo ${index + 1}`}>
                <input type="hidden" name="photo" value={photo.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="photo-up"
                  variant="secondary"
                  disabled={index === 0}
                >
                  Move earlier
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value="photo-down"
                  variant="secondary"
                  disabled={index === photos.length - 1}
                >
                  Move later
                </Button>
                <Button type="submit" name="intent" value="photo-delete" variant="secondary">
                  Delete photo
                </Button>
              </Form>
            </li>
          ))}
        </ol>
      )}
      {photos.length < cataloguePhotoLimits.maxPerItem ? (
        <Form
          method="post"
          encType="multipart/form-data"
          action={href("/dashboard/equipment-photos/:id", { id: itemId })}
          className="space-y-4"
          aria-label="Add a photo"
        >
          <Field label="Photo description (for screen readers)" name="alt">
            {(control) => <Input {...control} required maxLength={cataloguePhotoLimits.altMaxLength} />}
          </Field>
          <Field
            label="Photo file"
            name="photo-file"
            description={`${formats}, up to ${Math.round(uploadLimits.maxFileBytes / (1024 * 1024))} MB. Location, camera and other details stored in the file are removed.`}
          >
            {(control) => <Input {...control} type="file" required accept={accept} />}
          </Field>
          <Button type="submit">Add photo</Button>
        </Form>
      ) : null}
    </DeskSection>
  );
}
