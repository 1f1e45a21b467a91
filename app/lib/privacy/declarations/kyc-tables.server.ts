import fs from "node:fs";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { clientLinks, contactSubmissions, kycDocuments, kycRequests, uploads } from "~db/schema";
import { removeUploadsOf, uploadsDir } from "~/lib/uploads/upload-files.server";
import { INQUIRY_PERIODS, ofInquiries, personalRows } from "~/lib/privacy/declarations/declare-table.server";
import type { FileDeclaration, TableDeclaration } from "~/lib/privacy/declarations/types";

export const uploadsDeclaration = ofInquiries({
  inquiry: uploads.inquiry_id,
  exportAs: "uploads",
  label: "Files you uploaded (names, formats, sizes and scan results)",
  columns: {
    inquiryId: uploads.inquiry_id,
    purpose: uploads.purpose,
    fileName: uploads.file_name,
    format: uploads.format,
    bytes: uploads.byte_size,
    scan: uploads.scan,
    uploadedAt: uploads.created_at,
  },
  orderBy: uploads.created_at,
});

export const kycRequestsDeclaration = ofInquiries({
  inquiry: kycRequests.inquiry_id,
  actors: ["requested_by", "completed_by"],
  exportAs: "kycRequests",
  label: "Identity checks the desk asked you for",
  columns: {
    inquiryId: kycRequests.inquiry_id,
    checklist: kycRequests.checklist,
    requestedAt: kycRequests.requested_at,
    completedAt: kycRequests.completed_at,
  },
  orderBy: kycRequests.requested_at,
});

export const kycDocumentsDeclaration: TableDeclaration = personalRows(
  {
    table: kycDocuments,
    exportAs: "kycDocuments",
    label: "Documents offered for identity checks, and the desk's verdicts",
    columns: {
      requestId: kycDocuments.request_id,
      item: kycDocuments.item,
      review: kycDocuments.review,
      reason: kycDocuments.reason,
      reviewedAt: kycDocuments.reviewed_at,
      offeredAt: kycDocuments.created_at,
    },
    orderBy: kycDocuments.created_at,
  },
  ({ inquiryIds }) =>
    inquiryIds.length > 0
      ? sql`${kycDocuments.request_id} in (select ${kycRequests.id} from ${kycRequests} where ${inArray(kycRequests.inquiry_id, inquiryIds)})`
      : null,
  { kind: "with-parent", parent: kycRequests, periods: INQUIRY_PERIODS },
);

export const clientLinksDeclaration: TableDeclaration = {
  table: clientLinks,
  personal: false,
  why: "A hash of a link's token, its inquiry and its times: it identifies no one beyond the inquiry it belongs to.",
  retention: { kind: "with-parent", parent: contactSubmissions, periods: INQUIRY_PERIODS },
};

/** One directory per inquiry, encrypted files named by uuid; they follow their inquiry's rows. */
export const uploadFilesDeclaration: FileDeclaration = {
  name: "uploaded files",
  where: "DATA_DIR/uploads/<inquiry>/<upload>",
  writtenBy: ["app/lib/uploads/upload-files.server.ts"],
  personal: true,
  exportAs: "uploadedFiles",
  label: "Uploaded files (kept encrypted on the server; listed under files you uploaded)",
  async find(_db, subject, dirs) {
    const dataDir = dirs.dataDir;
    if (!dataDir) return [];
    return subject.inquiryIds.flatMap((id) => {
      const dir = path.join(uploadsDir(dataDir), id);
      return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => ({ file: `${id}/${name}` })) : [];
    });
  },
  async erase(_tx, subject, dirs) {
    const dataDir = dirs.dataDir;
    if (!dataDir) return 0;
    return subject.inquiryIds.reduce((total, id) => total + removeUploadsOf(dataDir, id), 0);
  },
  retention: {
    kind: "own",
    periods: INQUIRY_PERIODS,
    async apply(db, { dirs }) {
      const dataDir = dirs.dataDir;
      if (!dataDir || !fs.existsSync(uploadsDir(dataDir))) return 0;
      const ids = fs.readdirSync(uploadsDir(dataDir)).filter((name) => /^[0-9a-f-]{36}$/.test(name));
      if (ids.length === 0) return 0;
      const living = new Set(
        (
          await db
            .select({ id: contactSubmissions.id })
            .from(contactSubmissions)
            .where(inArray(contactSubmissions.id, ids))
        ).map((row) => row.id),
      );
      return ids
        .filter((id) => !living.has(id))
        .reduce((total, id) => total + removeUploadsOf(dataDir, id), 0);
    },
  },
};
