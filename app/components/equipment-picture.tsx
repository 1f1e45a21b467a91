import type { EquipmentItem } from "~/content/equipment";
import { fallbackSrcOf, type PhotoView, srcSetOf } from "~/lib/catalogue/photo-urls";

/**
 * A machine's picture: a photo as AVIF, then WebP, then JPEG at the widths it has, with its size so nothing moves
 * as it loads; an item without photos shows its illustration. Below the fold it loads lazily.
 */
export function EquipmentPicture({
  item,
  photo,
  sizes,
  eager,
  className,
  itemProp,
}: {
  item: Pick<EquipmentItem, "image" | "imageAlt" | "imageWidth" | "imageHeight">;
  photo: PhotoView | undefined;
  sizes: string;
  eager: boolean;
  className: string;
  itemProp?: string;
}) {
  const loading = eager ? "eager" : "lazy";
  if (!photo)
    return (
      <img
        itemProp={itemProp}
        src={item.image}
        alt={item.imageAlt}
        width={item.imageWidth}
        height={item.imageHeight}
        loading={loading}
        decoding="async"
        className={className}
      />
    );
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf(photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSetOf(photo, "webp")} sizes={sizes} />
      <img
        itemProp={itemProp}
        src={fallbackSrcOf(photo)}
        srcSet={srcSetOf(photo, "jpg")}
        sizes={sizes}
        alt={photo.alt}
        width={photo.width}
        height={photo.height}
        loading={loading}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
