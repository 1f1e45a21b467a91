import { equipmentItemChanges, equipmentItems, equipmentRequests } from "~db/schema";
import { notPersonal, ofInquiries } from "~/lib/privacy/declarations/declare-table.server";

export const equipmentItemsDeclaration = notPersonal(
  equipmentItems,
  "The equipment catalogue: machines, prices, availability and the fleet's serial numbers, never a person.",
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
