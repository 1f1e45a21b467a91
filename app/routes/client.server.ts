import { eq } from "drizzle-orm";
import { contactSubmissions } from "~db/schema";
import { uploadFormats, uploadLimits } from "~/content/uploads";
import { type AppContext, databaseContext, envContext } from "~/lib/context.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { plainInquiryStatus } from "~/lib/kyc/account-inquiries.server";
import { kycOverview, kycStateLabels, offerKycDocument } from "~/lib/kyc/kyc-requests.server";
import { notifyOwnerOfUpload } from "~/lib/kyc/upload-notice.server";
import { readUploadForm } from "~/lib/uploads/multipart-form.server";
import { receiveUpload, uploadSettingsFromEnv } from "~/lib/uploads/uploads.server";
import { z } from "zod";
import { CONTACT_LIMITS } from "~/forms/contact";
import { parseForm } from "~/forms/parse-form";
import { receivedMailConfigFromEnv } from "~/lib/conversation/file-received-mail.server";
import { readFormData } from "~/lib/http/form-data.server";
import { listClientConversation, postClientMessage } from "~/lib/kyc/client-messages.server";

export async function loadClientPage(context: AppContext, inquiryId: string) {
  const db = context.get(databaseContext).db;
  const [inquiry] = await db
    .select({ id: contactSubmissions.id, status: contactSubmissions.status })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, inquiryId));
  if (!inquiry) return null;
  const kyc = await kycOverview(db, inquiryId);
  const conversation = await listClientConversation(db, inquiryId);
  return {
    conversation,
    reference: formatInquiryReference(inquiry.id),
    status: plainInquiryStatus(inquiry.status),
    maxFileMegabytes: Math.round(uploadLimits.maxFileBytes / (1024 * 1024)),
    maxMessageLength: CONTACT_LIMITS.message,
    kyc: kyc && {
      label: kyc.label,
      completedAt: kyc.completedAt,
      items: kyc.items.map((item) => ({
        key: item.key,
        label: item.label,
        why: item.why,
        formats: item.formats.map((format) => uploadFormats[format].label),
        accept: item.formats.map((format) => uploadFormats[format].mime).join(","),
        state: item.state,
        stateLabel: kycStateLabels[item.state],
        reason: item.state === "rejected" ? (item.document?.reason ?? null) : null,
        fileName: item.document?.fileName ?? null,
      })),
    },
  };
}

const PROBLEMS = {
  "too-large": `The file is larger than ${Math.round(uploadLimits.maxFileBytes / (1024 * 1024))} MB. Please send a smaller scan or photo.`,
  "inquiry-full": "You have sent as much as we can keep for this inquiry. Please contact us.",
  format: "We could not recognise this file as one of the formats accepted for this document.",
  empty: "The file was empty. Please choose the file again.",
  infected:
    "The file was refused: our virus scanner found a threat in it. It has been deleted and our team has been told. Please send a clean copy.",
  "no-file": "Please choose a file to upload.",
  "unknown-item": "This document is not on your checklist. Please reload the page.",
  unavailable: "Uploads are not available at the moment. Please try again later.",
} as const;

type FileOutcome = { problem: keyof typeof PROBLEMS } | { item: string; scan: "clean" | "pending" };

export type ClientUploadResult = { ok: true; message: string } | { ok: false; message: string };

/** One file for one checklist item: the item's field comes before the file in the form. */
async function uploadClientDocument(
  context: AppContext,
  request: Request,
  inquiryId: string,
): Promise<ClientUploadResult> {
  const settings = uploadSettingsFromEnv(context.get(envContext));
  const db = context.get(databaseContext).db;
  const overview = await kycOverview(db, inquiryId);
  const form = await readUploadForm(request, {
    maxFileBytes: uploadLimits.maxFileBytes,
    async onFile(incoming): Promise<FileOutcome> {
      const item = overview?.items.find((entry) => entry.key === incoming.fields.get("item"));
      // After completion only an expired document may be replaced.
      if (!settings || !item || (overview?.completedAt && item.state !== "expired")) {
        for await (const _chunk of incoming.content) {
          // Read and dropped: the request must end for the answer to be sent.
        }
        return { problem: settings ? "unknown-item" : "unavailable" };
      }
      const received = await receiveUpload(db, settings, {
        inquiryId,
        purpose: "kyc",
        fileName: incoming.fileName,
        formats: item.formats,
        content: incoming.content,
      });
      if (!received.received) return { problem: received.problem };
      await offerKycDocument(db, { inquiryId, item: item.key, uploadId: received.uploadId });
      const env = context.get(envContext);
      await notifyOwnerOfUpload(db, {
        inquiryId,
        itemLabel: item.label,
        siteUrl: env.SITE_URL,
        adminEmails: env.ADMIN_EMAILS,
      });
      return { item: item.label, scan: received.scan };
    },
  });
  const file = form.file;
  if (!file) return { ok: false, message: PROBLEMS["no-file"] };
  if ("problem" in file) return { ok: false, message: PROBLEMS[file.problem] };
  return {
    ok: true,
    message:
      file.scan === "clean"
        ? `Thank you: ${file.item} was received and is being checked.`
        : `Thank you: ${file.item} was received. It is waiting for our virus scan before we check it.`,
  };
}

export type ClientPageData = NonNullable<Awaited<ReturnType<typeof loadClientPage>>>;

const ClientMessageSchema = z.object({
  intent: z.literal("message"),
  message: z
    .string()
    .trim()
    .min(1, "Write your message first.")
    .max(CONTACT_LIMITS.message, `Please keep your message under ${CONTACT_LIMITS.message} characters.`),
});

const MESSAGE_REFUSED = {
  "rate-limited":
    "You have sent many messages in the last hour. Please wait a little before sending another.",
  blocked: "We cannot take messages on this inquiry.",
  "not-found": "This inquiry no longer exists.",
} as const;

/** The client's answer in the conversation: filed on the lead like a received e-mail. */
async function sendClientMessage(
  context: AppContext,
  request: Request,
  inquiryId: string,
): Promise<ClientUploadResult> {
  const parsed = parseForm(ClientMessageSchema, await readFormData(request));
  if (!parsed.ok) return { ok: false, message: parsed.first };
  const outcome = await postClientMessage(
    context.get(databaseContext).db,
    receivedMailConfigFromEnv(context.get(envContext)),
    { inquiryId, body: parsed.data.message },
  );
  return outcome === "sent"
    ? { ok: true, message: "Thank you: your message is on its way to our team." }
    : { ok: false, message: MESSAGE_REFUSED[outcome] };
}

/** The page's one action: an upload arrives as multipart, a message as a plain form. */
export function clientPageAction(
  context: AppContext,
  request: Request,
  inquiryId: string,
): Promise<ClientUploadResult> {
  const multipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/");
  return multipart
    ? uploadClientDocument(context, request, inquiryId)
    : sendClientMessage(context, request, inquiryId);
}
