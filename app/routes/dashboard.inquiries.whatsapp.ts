import { href, redirect } from "react-router";
import { errorToast } from "~/components/toast";
import { WhatsAppReplySchema } from "~/forms/whatsapp";
import { databaseContext, envContext } from "~/lib/context.server";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { logFailure } from "~/lib/ops/failure-reference.server";
import { InquiryBlockedError } from "~/lib/sanctions/decisions.server";
import { sendWhatsAppReply } from "~/lib/whatsapp/whatsapp-replies.server";
import { whatsAppLimits } from "~/content/whatsapp-limits";
import type { Route } from "./+types/dashboard.inquiries.whatsapp";

export function loader({ params }: Route.LoaderArgs) {
  return redirect(href("/dashboard/inquiries/:id", { id: params.id }));
}

const REFUSED = {
  "not-found": "This inquiry no longer exists.",
  blocked: new InquiryBlockedError().message,
  "no-conversation": "This lead has not written on WhatsApp, so nothing can be sent there.",
  "window-closed": `Not sent: the ${whatsAppLimits.serviceWindowHours}-hour window for free text has closed, and WhatsApp would not deliver it. Send an approved template instead.`,
  "bad-template": "That template is no longer kept, or it needs every part filled in.",
} as const;

const INTENTS = WhatsAppReplySchema.options.map((option) => option.shape.intent.value);

/** The answer is a redirect back to the inquiry page with what happened, or why nothing was sent. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const formData = await readFormData(request);
  refuseForeignForm(formData, "intent", INTENTS);
  const back = `${href("/dashboard/inquiries/:id", { id: params.id })}#whatsapp-reply-heading`;
  const fail = (description: string) => redirectWithToast(context, back, errorToast(description));
  if (!context.get(envContext).WHATSAPP) return fail("The WhatsApp channel is not set up.");
  // A template's parts come as repeated fields, which the one-value-per-field form reader does not take.
  const text = (name: string) =>
    typeof formData.get(name) === "string" ? String(formData.get(name)) : undefined;
  const parsed = WhatsAppReplySchema.safeParse({
    intent: text("intent"),
    id: text("id"),
    body: text("body"),
    templateId: text("templateId"),
    parameters: formData.getAll("parameters").filter((value) => typeof value === "string"),
  });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "Unknown action.");
  const input = parsed.data;
  if (input.id !== params.id) return fail(REFUSED["not-found"]);
  const { db } = context.get(databaseContext);
  let outcome;
  try {
    outcome = await sendWhatsAppReply(db, {
      inquiryId: input.id,
      actorId: user.id,
      ...(input.intent === "whatsapp-text"
        ? { kind: "text" as const, body: input.body }
        : { kind: "template" as const, templateId: input.templateId, parameters: input.parameters }),
    });
  } catch (error) {
    return fail(logFailure(error, "WhatsApp reply failed", { intent: input.intent }));
  }
  if (outcome !== "queued") return fail(REFUSED[outcome]);
  return redirectWithToast(context, back, { title: "Sent on WhatsApp" });
}
