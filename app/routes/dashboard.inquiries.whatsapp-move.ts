import { href, redirect } from "react-router";
import { errorToast } from "~/components/toast";
import { parseForm } from "~/forms/parse-form";
import { WhatsAppMoveSchema } from "~/forms/whatsapp";
import { databaseContext } from "~/lib/context.server";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { logFailure } from "~/lib/ops/failure-reference.server";
import { moveWhatsAppMessage } from "~/lib/whatsapp/move-message.server";
import type { Route } from "./+types/dashboard.inquiries.whatsapp-move";

export function loader({ params }: Route.LoaderArgs) {
  return redirect(href("/dashboard/inquiries/:id", { id: params.id }));
}

const REFUSED = {
  "not-found": "That message or inquiry no longer exists.",
  "not-a-match": "A message moves only to an inquiry its number matched.",
} as const;

/** A plain form post: the answer is the lead the message now sits on, or back with why it did not move. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const formData = await readFormData(request);
  refuseForeignForm(formData, "intent", ["whatsapp-move"]);
  const back = href("/dashboard/inquiries/:id", { id: params.id });
  const fail = (description: string) => redirectWithToast(context, back, errorToast(description));
  const parsed = parseForm(WhatsAppMoveSchema, formData);
  if (!parsed.ok) return fail(parsed.first);
  const input = parsed.data;
  if (input.id !== params.id) return fail(REFUSED["not-found"]);
  const { db } = context.get(databaseContext);
  let outcome;
  try {
    outcome = await moveWhatsAppMessage(db, {
      fromInquiryId: input.id,
      messageId: input.messageId,
      toInquiryId: input.to,
      actorId: user.id,
    });
  } catch (error) {
    return fail(logFailure(error, "WhatsApp message move failed"));
  }
  if (outcome !== "moved") return fail(REFUSED[outcome]);
  return redirectWithToast(context, href("/dashboard/inquiries/:id", { id: input.to }), {
    title: "WhatsApp message moved",
    description: `It is on this inquiry now, moved from ${formatInquiryReference(input.id)}.`,
  });
}
