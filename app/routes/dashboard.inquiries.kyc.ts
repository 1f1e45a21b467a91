import { data, href } from "react-router";
import { z } from "zod";
import { parseForm } from "~/forms/parse-form";
import { stripSingleLineControls } from "~/forms/single-line";
import { databaseContext, envContext } from "~/lib/context.server";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { revokeClientLinks } from "~/lib/kyc/client-links.server";
import { requestKyc, reviewKycDocument } from "~/lib/kyc/kyc-requests.server";
import { logger } from "~/lib/ops/logger.server";
import { InquiryBlockedError } from "~/lib/sanctions/decisions.server";
import type { Route } from "./+types/dashboard.inquiries.kyc";

const KycActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request"), checklist: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("revoke-link") }),
  z.object({
    intent: z.literal("accept"),
    documentId: z.uuid(),
    // Empty when the document has no expiry date of its own (a certificate of incorporation).
    validUntil: z
      .union([z.literal(""), z.iso.date("Give the expiry date as a date.")])
      .optional()
      .transform((value) => value || null),
    // Screened against the sanctions list: the holder of a passport, the company of a certificate.
    holderName: z
      .string()
      .overwrite(stripSingleLineControls)
      .trim()
      .max(200, "Keep the name on the document to 200 characters.")
      .optional()
      .transform((value) => value || null),
  }),
  z.object({
    intent: z.literal("reject"),
    documentId: z.uuid(),
    reason: z.string().trim().min(1, "Say why the document is rejected: the client reads it.").max(500),
  }),
]);

/** The link must reach the client: by mail, or by WhatsApp while free text may go there. */
class NoChannelError extends Error {
  constructor() {
    super(
      "This lead has no e-mail address and has not written on WhatsApp in the last 24 hours, so the link cannot reach them: send an approved WhatsApp template, and request the documents once they answer.",
    );
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const inquiryId = z.uuid().safeParse(params.id);
  if (!inquiryId.success) throw data("Not found", { status: 404 });
  const page = href("/dashboard/inquiries/:id", { id: inquiryId.data });
  const formData = await readFormData(request);
  refuseForeignForm(
    formData,
    "intent",
    KycActionSchema.options.map((option) => option.shape.intent.value),
  );
  const parsed = parseForm(KycActionSchema, formData);
  if (!parsed.ok)
    return redirectWithToast(context, page, { title: "Nothing changed", description: parsed.first });
  const db = context.get(databaseContext).db;
  const form = parsed.data;
  const act = async (): Promise<string> => {
    switch (form.intent) {
      case "request": {
        const env = context.get(envContext);
        const outcome = await requestKyc(db, {
          inquiryId: inquiryId.data,
          checklist: form.checklist,
          actorId: user.id,
          siteUrl: env.SITE_URL,
          whatsApp: env.WHATSAPP !== null,
        });
        if (outcome === "not-found") throw data("Not found", { status: 404 });
        if (outcome === "no-channel") throw new NoChannelError();
        return outcome === "unknown-checklist" ? "Unknown checklist" : "KYC documents requested";
      }
      case "revoke-link":
        return (await revokeClientLinks(db, inquiryId.data)) > 0
          ? "Client link withdrawn"
          : "No link was open";
      case "accept":
      case "reject": {
        const outcome = await reviewKycDocument(db, {
          inquiryId: inquiryId.data,
          documentId: form.documentId,
          verdict: form.intent === "accept" ? "accepted" : "rejected",
          reason: form.intent === "reject" ? form.reason : null,
          validUntil: form.intent === "accept" ? form.validUntil : null,
          holderName: form.intent === "accept" ? form.holderName : null,
          actorId: user.id,
        });
        if (outcome === "not-found") throw data("Not found", { status: 404 });
        return outcome === "completed"
          ? "KYC complete"
          : form.intent === "accept"
            ? "Document accepted"
            : "Document rejected";
      }
    }
  };
  let title: string;
  try {
    title = await act();
  } catch (error) {
    if (!(error instanceof InquiryBlockedError || error instanceof NoChannelError)) throw error;
    return redirectWithToast(context, page, { title: "Nothing sent", description: error.message });
  }
  logger.info({ intent: form.intent, inquiryId: inquiryId.data, adminId: user.id }, "kyc action");
  return redirectWithToast(context, page, { title });
}
