import { and, desc, eq, sql } from "drizzle-orm";
import { contactSubmissions, kycDocuments, kycRequests, uploads, user } from "~db/schema";
import { findKycChecklist, type KycChecklist } from "~/content/kyc-checklists";
import type { Db } from "~/lib/db/db.server";
import { londonDate } from "~/lib/uk-time";
import { createClientLink } from "~/lib/kyc/client-links.server";
import { sendDeskReply } from "~/lib/inquiries/replies.server";
import { InquiryBlockedError } from "~/lib/sanctions/decisions.server";
import { sendWhatsAppReply, whatsAppThreadOf } from "~/lib/whatsapp/whatsapp-replies.server";
import { enqueueInquiryScreening } from "~/lib/sanctions/screening-jobs.server";

/** What the client and the desk see of one checklist item. */
export type KycItemState = "requested" | "received" | "being-checked" | "accepted" | "rejected" | "expired";

export const kycStateLabels: Record<KycItemState, string> = {
  requested: "Requested",
  received: "Received, waiting for the virus scan",
  "being-checked": "Being checked",
  accepted: "Accepted",
  rejected: "Rejected",
  expired: "Expired: please upload a current one",
};

/** What the desk keeps in place of the client's link: the link opens the client's page, and is theirs alone. */
const linkPlaceholder = (channel: "mail" | "WhatsApp") =>
  `[the private link to your page, sent by ${channel}]`;

/**
 * Asks the inquiry's sender for one checklist's documents: a request row, a new link to their page, and a reply in
 * the inquiry's conversation carrying the link. The desk keeps the reply without the link (only its hash is stored).
 */
export async function requestKyc(
  db: Db,
  input: {
    inquiryId: string;
    checklist: string;
    actorId: string;
    siteUrl: string;
    /** Whether the WhatsApp channel is configured, so the request also goes there while free text may. */
    whatsApp?: boolean;
  },
): Promise<{ requestId: string } | "not-found" | "unknown-checklist" | "no-channel"> {
  const checklist = findKycChecklist(input.checklist);
  if (!checklist) return "unknown-checklist";
  return db.transaction(async (tx) => {
    const [inquiry] = await tx
      .select({ id: contactSubmissions.id, email: contactSubmissions.email })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, input.inquiryId))
      .for("update");
    if (!inquiry) return "not-found" as const;
    const thread = input.whatsApp ? await whatsAppThreadOf(tx, inquiry.id) : null;
    // Free text only inside the window the lead's own last message opened; a template cannot carry the link.
    const onWhatsApp = thread?.wroteFirst === true && new Date() < thread.windowClosesAt;
    if (!inquiry.email && !onWhatsApp) return "no-channel" as const;
    const [request] = await tx
      .insert(kycRequests)
      .values({ inquiry_id: input.inquiryId, checklist: checklist.key, requested_by: input.actorId })
      .returning({ id: kycRequests.id });
    const { token, expiresAt } = await createClientLink(tx, {
      inquiryId: input.inquiryId,
      createdBy: input.actorId,
    });
    const body = (link: string) => requestText(checklist, link, expiresAt);
    const link = `${input.siteUrl}/client/open/${token}`;
    if (inquiry.email) {
      const sent = await sendDeskReply(tx, {
        inquiryId: input.inquiryId,
        subject: "Documents for our identity checks",
        body: body(linkPlaceholder("mail")),
        mailedBody: body(link),
        actorId: input.actorId,
      });
      if (sent === "not-found") throw new Error("the inquiry locked above is gone");
    }
    if (onWhatsApp) {
      const sent = await sendWhatsAppReply(tx, {
        kind: "text",
        inquiryId: input.inquiryId,
        body: body(linkPlaceholder("WhatsApp")),
        sentBody: body(link),
        actorId: input.actorId,
      });
      if (sent === "blocked") throw new InquiryBlockedError();
      if (sent !== "queued")
        throw new Error(`the WhatsApp thread checked above refused the request: ${sent}`);
    }
    return { requestId: request!.id };
  });
}

function requestText(checklist: KycChecklist, link: string, expiresAt: Date): string {
  const items = checklist.items.map((item) => `- ${item.label}`).join("\n");
  return [
    "Before we can introduce you to a counterparty, we need to check who you are, as every transaction needs KYC/AML verification of all parties. Please upload these documents on your private page:",
    "",
    items,
    "",
    link,
    "",
    `The link works until ${expiresAt.toUTCString()} and opens your page without an account. Please do not send these documents by e-mail: the page keeps them encrypted and checks them for viruses.`,
  ].join("\n");
}

/** The latest request of an inquiry with each item's state as of `now`, for the client page and the desk. */
export async function kycOverview(db: Db, inquiryId: string, now: Date = new Date()) {
  const [request] = await db
    .select({
      id: kycRequests.id,
      checklist: kycRequests.checklist,
      requestedAt: kycRequests.requested_at,
      completedAt: kycRequests.completed_at,
      completedBy: user.name,
    })
    .from(kycRequests)
    .leftJoin(user, eq(user.id, kycRequests.completed_by))
    .where(eq(kycRequests.inquiry_id, inquiryId))
    .orderBy(desc(kycRequests.requested_at))
    .limit(1);
  if (!request) return null;
  const checklist = findKycChecklist(request.checklist);
  if (!checklist) return null;
  const documents = await db
    .select({
      id: kycDocuments.id,
      item: kycDocuments.item,
      review: kycDocuments.review,
      reason: kycDocuments.reason,
      validUntil: kycDocuments.valid_until,
      holderName: kycDocuments.holder_name,
      uploadId: uploads.id,
      fileName: uploads.file_name,
      format: uploads.format,
      scan: uploads.scan,
      createdAt: kycDocuments.created_at,
    })
    .from(kycDocuments)
    .innerJoin(uploads, eq(uploads.id, kycDocuments.upload_id))
    .where(eq(kycDocuments.request_id, request.id))
    .orderBy(desc(kycDocuments.created_at), desc(kycDocuments.id));
  const items = checklist.items.map((item) => {
    const offered = documents.filter((document) => document.item === item.key);
    const latest = offered.find((document) => document.scan !== "infected") ?? null;
    const refused = offered[0]?.scan === "infected";
    return { ...item, state: stateOf(latest, londonDate(now)), document: latest, lastRefused: refused };
  });
  return { ...request, label: checklist.label, items };
}

/** An accepted document is expired from the UK day after its own expiry date. */
function stateOf(
  document: { review: string; scan: string; validUntil: string | null } | null,
  today: string,
): KycItemState {
  if (!document) return "requested";
  if (document.review === "accepted")
    return document.validUntil !== null && document.validUntil < today ? "expired" : "accepted";
  if (document.review === "rejected") return "rejected";
  return document.scan === "clean" ? "being-checked" : "received";
}

/** Records an upload against one item of the inquiry's latest request. */
export async function offerKycDocument(
  db: Db,
  input: { inquiryId: string; item: string; uploadId: string },
): Promise<boolean> {
  const [request] = await db
    .select({ id: kycRequests.id, checklist: kycRequests.checklist })
    .from(kycRequests)
    .where(eq(kycRequests.inquiry_id, input.inquiryId))
    .orderBy(desc(kycRequests.requested_at))
    .limit(1);
  if (!request || !findKycChecklist(request.checklist)?.items.some((item) => item.key === input.item))
    return false;
  await db
    .insert(kycDocuments)
    .values({ request_id: request.id, item: input.item, upload_id: input.uploadId });
  return true;
}

/**
 * Accepts or rejects one document; when every item of its request has an accepted document, the request is
 * complete, with who and when. A rejection (with its reason) and the completion are mailed to the client in the
 * inquiry's conversation, in the same transaction.
 */
export async function reviewKycDocument(
  db: Db,
  input: {
    inquiryId: string;
    documentId: string;
    verdict: "accepted" | "rejected";
    reason: string | null;
    /** The document's own expiry date (YYYY-MM-DD), when it has one; recorded on acceptance only. */
    validUntil?: string | null;
    /** The name the document shows, as the desk read it; recorded on acceptance only, and screened. */
    holderName?: string | null;
    actorId: string;
  },
): Promise<"done" | "completed" | "not-found"> {
  return db.transaction(async (tx) => {
    const [document] = await tx
      .select({
        id: kycDocuments.id,
        item: kycDocuments.item,
        requestId: kycDocuments.request_id,
        checklist: kycRequests.checklist,
      })
      .from(kycDocuments)
      .innerJoin(kycRequests, eq(kycRequests.id, kycDocuments.request_id))
      .where(and(eq(kycDocuments.id, input.documentId), eq(kycRequests.inquiry_id, input.inquiryId)))
      .for("update");
    if (!document) return "not-found";
    await tx
      .update(kycDocuments)
      .set({
        review: input.verdict,
        reason: input.verdict === "rejected" ? input.reason : null,
        valid_until: input.verdict === "accepted" ? (input.validUntil ?? null) : null,
        holder_name: input.verdict === "accepted" ? (input.holderName ?? null) : null,
        reviewed_by: input.actorId,
        reviewed_at: sql`now()`,
      })
      .where(eq(kycDocuments.id, document.id));
    // A name read off a document is screened like the lead's own, in the transaction that records it.
    if (input.verdict === "accepted" && input.holderName) await enqueueInquiryScreening(tx, input.inquiryId);
    const checklist = findKycChecklist(document.checklist);
    if (input.verdict === "rejected") {
      const label = checklist?.items.find((item) => item.key === document.item)?.label ?? document.item;
      await tellClient(
        tx,
        input,
        `We could not accept this document: ${label}.\n\nReason: ${input.reason ?? ""}\n\nPlease upload it again on your page, with the link in our earlier e-mail (or ask us for a new link by replying to this e-mail).`,
      );
    }
    const accepted = await tx
      .selectDistinct({ item: kycDocuments.item })
      .from(kycDocuments)
      .where(and(eq(kycDocuments.request_id, document.requestId), eq(kycDocuments.review, "accepted")));
    const needed = checklist?.items.map((item) => item.key) ?? [];
    const have = new Set(accepted.map(({ item }) => item));
    if (needed.length > 0 && needed.every((key) => have.has(key))) {
      const completed = await tx
        .update(kycRequests)
        .set({ completed_at: sql`now()`, completed_by: input.actorId })
        .where(and(eq(kycRequests.id, document.requestId), sql`${kycRequests.completed_at} is null`))
        .returning({ id: kycRequests.id });
      if (completed.length > 0) {
        await tellClient(
          tx,
          input,
          "Thank you: we have checked and accepted all the documents we asked for. Your identity checks are complete.",
        );
        return "completed";
      }
    }
    return "done";
  });
}

async function tellClient(
  tx: Db,
  input: { inquiryId: string; actorId: string },
  body: string,
): Promise<void> {
  const sent = await sendDeskReply(tx, {
    inquiryId: input.inquiryId,
    subject: "Your documents for our identity checks",
    body,
    actorId: input.actorId,
  });
  if (sent === "not-found") throw new Error("the inquiry of a locked document is gone");
}
