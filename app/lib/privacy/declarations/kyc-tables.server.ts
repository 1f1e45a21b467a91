import fs from "node:fs";
import path from "node:path";
import { eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { clientLinks, contactSubmissions, kycDocuments, kycRequests, uploads } from "~db/schema";
import { removeUploadsOf, uploadsDir } from "~/lib/uploads/upload-files.server";
import type { Db } from "~/lib/db/db.server";
import {
  deleteRows,
  forgetActor,
  INQUIRY_PERIODS,
  personalRows,
} from "~/lib/privacy/declarations/declare-table.server";
import { expiredInquiries } from "~/lib/privacy/declarations/inquiry-tables.server";
import {
  deleteUnkeptUploads,
  detachKycRecords,
  expiredKycRequests,
  recordedUploads,
  requestsOf,
  uploadsWithoutInquiry,
} from "~/lib/privacy/declarations/kyc-records.server";
import type { FileDeclaration, Subject, TableDeclaration } from "~/lib/privacy/declarations/types";

const KYC_PERIODS = [...INQUIRY_PERIODS, "kycRecordYears"] as const;

/** The requests of a rights request's subject; none for an account deletion, which leaves inquiries alone. */
const requestIdsOf = (subject: Subject): SQL | null =>
  subject.scope === "account"
    ? null
    : sql`select ${kycRequests.id} from ${kycRequests} where ${requestsOf(subject)}`;

const uploadListing = {
  table: uploads,
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
};

/** An inquiry's uploads go with it, but those of a KYC document kept after it (decision 093). */
export const uploadsDeclaration: TableDeclaration = {
  ...personalRows(
    uploadListing,
    (subject) => {
      const requests = requestIdsOf(subject);
      if (!requests) return null;
      const kept = sql`${uploads.id} in (select ${kycDocuments.upload_id} from ${kycDocuments} where ${kycDocuments.request_id} in (${requests}))`;
      return subject.inquiryIds.length > 0 ? or(inArray(uploads.inquiry_id, subject.inquiryIds), kept) : kept;
    },
    { kind: "own", periods: KYC_PERIODS, apply: async () => 0 },
  ),
  async erase(tx, { inquiryIds }) {
    return inquiryIds.length > 0 ? deleteUnkeptUploads(tx, inArray(uploads.inquiry_id, inquiryIds)) : 0;
  },
  retention: {
    kind: "own",
    periods: KYC_PERIODS,
    apply: (tx, run) =>
      deleteUnkeptUploads(
        tx,
        or(
          uploadsWithoutInquiry,
          inArray(
            uploads.inquiry_id,
            tx.select({ id: contactSubmissions.id }).from(contactSubmissions).where(expiredInquiries(run)),
          ),
        )!,
      ),
  },
};

export const kycRequestsDeclaration: TableDeclaration = {
  ...personalRows(
    {
      table: kycRequests,
      exportAs: "kycRequests",
      label: "Identity checks the desk asked you for",
      columns: {
        inquiryId: kycRequests.inquiry_id,
        checklist: kycRequests.checklist,
        requestedAt: kycRequests.requested_at,
        completedAt: kycRequests.completed_at,
        relationshipEndedAt: kycRequests.relationship_ended_at,
      },
      orderBy: kycRequests.requested_at,
    },
    (subject) => (subject.scope === "account" ? null : requestsOf(subject)),
    { kind: "own", periods: KYC_PERIODS, apply: async () => 0 },
  ),
  // Requests with documents are kept, detached from the inquiry: the erasure answer names them and their basis.
  async erase(tx, { inquiryIds, userId }) {
    const detached =
      inquiryIds.length > 0 ? await detachKycRecords(tx, inArray(contactSubmissions.id, inquiryIds)) : 0;
    return (
      detached + (userId ? await forgetActor(tx, kycRequests, ["requested_by", "completed_by"], userId) : 0)
    );
  },
  retention: {
    kind: "own",
    periods: KYC_PERIODS,
    async apply(tx, run) {
      const detached = await detachKycRecords(tx, expiredInquiries(run));
      return detached + (await deleteRows(tx, kycRequests, expiredKycRequests(run.now, run.config)));
    },
  },
};

export const kycDocumentsDeclaration: TableDeclaration = {
  ...personalRows(
    {
      table: kycDocuments,
      exportAs: "kycDocuments",
      label: "Documents offered for identity checks, and the desk's verdicts",
      columns: {
        requestId: kycDocuments.request_id,
        item: kycDocuments.item,
        review: kycDocuments.review,
        reason: kycDocuments.reason,
        validUntil: kycDocuments.valid_until,
        holderName: kycDocuments.holder_name,
        reviewedAt: kycDocuments.reviewed_at,
        offeredAt: kycDocuments.created_at,
      },
      orderBy: kycDocuments.created_at,
    },
    (subject) => {
      const requests = requestIdsOf(subject);
      return requests ? sql`${kycDocuments.request_id} in (${requests})` : null;
    },
    { kind: "with-parent", parent: kycRequests, periods: KYC_PERIODS },
  ),
  // The documents and their review are the records kept: an erasure only forgets the reviewer.
  erase: async (tx, { userId }) => (userId ? forgetActor(tx, kycDocuments, ["reviewed_by"], userId) : 0),
};

export const clientLinksDeclaration: TableDeclaration = {
  table: clientLinks,
  personal: false,
  why: "A hash of a link's token, its inquiry and its times: it identifies no one beyond the inquiry it belongs to.",
  retention: { kind: "with-parent", parent: contactSubmissions, periods: INQUIRY_PERIODS },
};

/** The folders of requests kept after their inquiry, for a rights request's subject. */
async function keptFolders(db: Db, subject: Subject): Promise<string[]> {
  if (subject.scope === "account") return [];
  const rows = await db
    .selectDistinct({ id: kycRequests.inquiry_id })
    .from(kycRequests)
    .where(eq(kycRequests.client_email, subject.email));
  return rows.map((row) => row.id);
}

/** One directory per inquiry, encrypted files named by uuid; they follow their upload rows. */
export const uploadFilesDeclaration: FileDeclaration = {
  name: "uploaded files",
  where: "DATA_DIR/uploads/<inquiry>/<upload>",
  writtenBy: ["app/lib/uploads/upload-files.server.ts"],
  personal: true,
  exportAs: "uploadedFiles",
  label: "Uploaded files (kept encrypted on the server; listed under files you uploaded)",
  async find(db, subject, dirs) {
    const dataDir = dirs.dataDir;
    if (!dataDir) return [];
    const kept = await keptFolders(db, subject);
    return [...new Set([...subject.inquiryIds, ...kept])].flatMap((id) => {
      const dir = path.join(uploadsDir(dataDir), id);
      return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => ({ file: `${id}/${name}` })) : [];
    });
  },
  // After the rows' transaction: the files of uploads it kept stay.
  async erase(db, subject, dirs) {
    const dataDir = dirs.dataDir;
    if (!dataDir) return 0;
    const recorded = await recordedUploads(db, subject.inquiryIds);
    return subject.inquiryIds.reduce(
      (total, id) => total + removeUploadsOf(dataDir, id, recorded.get(id)),
      0,
    );
  },
  retention: {
    kind: "own",
    periods: KYC_PERIODS,
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
      // A living inquiry's folder is left alone: a file being uploaded has no row yet.
      const gone = ids.filter((id) => !living.has(id));
      const recorded = await recordedUploads(db, gone);
      return gone.reduce((total, id) => total + removeUploadsOf(dataDir, id, recorded.get(id)), 0);
    },
  },
};
