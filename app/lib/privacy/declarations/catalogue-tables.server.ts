import { equipmentItemChanges, equipmentItems, equipmentPhotos, equipmentRequests } from "~db/schema";
import type { FileDeclaration } from "~/lib/privacy/declarations/types";
import { notPersonal, ofInquiries } from "~/lib/privacy/declarations/declare-table.server";

export const equipmentItemsDeclaration = notPersonal(
  equipmentItems,
  "The equipment catalogue: machines, prices, availability and the fleet's serial numbers, never a person.",
);

export const equipmentPhotosDeclaration = notPersonal(
  equipmentPhotos,
  "Photos of the fleet's machines, published with the catalogue: re-encoded with every bit of metadata (GPS " +
    "position, camera, owner) removed and the uploaded file not kept; the description is catalogue text.",
);

export const equipmentItemChangesDeclaration = notPersonal(
  equipmentItemChanges,
  "Each edit of the catalogue: field, catalogue values before and after, and the admin's account id, which the " +
    "database clears when the account goes.",
);

export const equipmentRequestsDeclaration = ofInquiries({
  inquiry: equipmentRequests.inquiry_id,
  exportAs: "equipmentRequests",
  label: "Equipment rental and quote requests",
  columns: {
    inquiryId: equipmentRequests.inquiry_id,
    machine: equipmentRequests.item_name,
    kind: equipmentRequests.kind,
    startOn: equipmentRequests.start_on,
    endOn: equipmentRequests.end_on,
    siteLocation: equipmentRequests.site_location,
    estimateUsd: equipmentRequests.estimate_usd,
  },
  orderBy: equipmentRequests.inquiry_id,
});

export const cataloguePhotoFilesDeclaration: FileDeclaration = {
  name: "catalogue photos",
  where: "DATA_DIR/catalogue-photos/<hash>-<width>.<avif|webp|jpg>",
  writtenBy: ["app/lib/catalogue/photo-renditions.server.ts", "app/lib/catalogue/photo-files.server.ts"],
  personal: false,
  why:
    "Public photos of the machines for sale or hire, re-encoded from the pixels alone: no GPS position, camera or " +
    "owner is written, and the uploaded file is not kept.",
};
