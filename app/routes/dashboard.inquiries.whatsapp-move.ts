import { href, redirect } from "react-router";
import { WhatsAppMoveSchema } from "~/forms/whatsapp";
import { redirectWithToast } from "~/lib/http/toast.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { moveWhatsAppMessage } from "~/lib/whatsapp/move-message.server";
import type { Route } from "./+types/dashboard.inquiries.whatsapp-move";
import { readLeadSectionPost } from "~/routes/lead-section-post.server";

export function loader({ params }: Route.LoaderArgs) {
  return redirect(href("/dashboard/inquiries/:id", { id: params.id }));
}

const REFUSED = {
  "not-found": "That message or inquiry no longer exists.",
  "not-a-match": "A message moves only to an inquiry its number matched.",
} as const;

/** A plain form post: the answer is the lead the message now sits on, or back with why it did not move. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readLeadSectionPost(context, request, params.id, {
    intents: ["whatsapp-move"],
    schema: WhatsAppMoveSchema,
    gone: REFUSED["not-found"],
  });
  if (post instanceof Response) return post;
  const { user, input, fail, attempt } = post;
  const outcome = await attempt("WhatsApp message move failed", (db) =>
    moveWhatsAppMessage(db, {
      fromInquiryId: input.id,
      messageId: input.messageId,
      toInquiryId: input.to,
      actorId: user.id,
    }),
  );
  if (outcome instanceof Response) return outcome;
  if (outcome !== "moved") return fail(REFUSED[outcome]);
  return redirectWithToast(context, href("/dashboard/inquiries/:id", { id: input.to }), {
    title: "WhatsApp message moved",
    description: `It is on this inquiry now, moved from ${formatInquiryReference(input.id)}.`,
  });
}
