import { licenceChecks } from "~db/schema";
import { ofInquiries } from "~/lib/privacy/declarations/declare-table.server";
import type { TableDeclaration } from "~/lib/privacy/declarations/types";

export const licenceChecksDeclaration: TableDeclaration = ofInquiries({
  inquiry: licenceChecks.inquiry_id,
  actors: ["checked_by"],
  exportAs: "licenceChecks",
  label: "Checks of Ghanaian licences on the official registers",
  columns: {
    inquiryId: licenceChecks.inquiry_id,
    licenceType: licenceChecks.licence_type,
    licenceNumber: licenceChecks.licence_number,
    holder: licenceChecks.holder,
    register: licenceChecks.register,
    checkedOn: licenceChecks.checked_on,
    result: licenceChecks.result,
    expiresOn: licenceChecks.expires_on,
    notes: licenceChecks.notes,
  },
  orderBy: licenceChecks.created_at,
});
