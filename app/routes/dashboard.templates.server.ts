import { data, href } from "react-router";
import { type AppContext, databaseContext } from "~/lib/context.server";
import { ReplyTemplateSchema } from "~/forms/reply-templates";
import { type FieldErrors, parseForm } from "~/forms/parse-form";
import { redirectWithToast } from "~/lib/http/toast.server";
import { createReplyTemplate, updateReplyTemplate } from "~/lib/inquiries/replies.server";
import { WhatsAppTemplateSchema } from "~/forms/whatsapp";
import { createWhatsAppTemplate, updateWhatsAppTemplate } from "~/lib/whatsapp/whatsapp-templates.server";

/** Bad input (an unknown placeholder, a name in use) answers 400 with the text as posted, and stores nothing. */
export async function saveTemplateForm(
  context: AppContext,
  formData: FormData,
  actorId: string,
  id: string | null,
) {
  const parsed = parseForm(ReplyTemplateSchema, formData);
  const values = parsed.values;
  const failure = (errors: FieldErrors, status = 400) => data({ errors, values }, { status });
  if (!parsed.ok) return failure(parsed.fieldErrors);
  const { db } = context.get(databaseContext);
  const saved = id
    ? await updateReplyTemplate(db, id, parsed.data, actorId)
    : await createReplyTemplate(db, parsed.data, actorId);
  if (!saved.ok) {
    return saved.reason === "name-taken"
      ? failure({ name: "Another template has this name." })
      : failure({ name: "This template no longer exists." }, 404);
  }
  return redirectWithToast(context, href("/dashboard/templates"), {
    title: id ? "Template saved" : "Template added",
  });
}

/** The same for a WhatsApp template: a name and language Meta has twice is refused as Meta would. */
export async function saveWhatsAppTemplateForm(context: AppContext, formData: FormData, id: string | null) {
  const parsed = parseForm(WhatsAppTemplateSchema, formData);
  const values = parsed.values;
  const failure = (errors: FieldErrors, status = 400) => data({ errors, values }, { status });
  if (!parsed.ok) return failure(parsed.fieldErrors);
  const { db } = context.get(databaseContext);
  const saved = id
    ? await updateWhatsAppTemplate(db, id, parsed.data)
    : await createWhatsAppTemplate(db, parsed.data);
  if (!saved.ok) {
    return saved.reason === "name-taken"
      ? failure({ name: "A template with this name and language is kept already." })
      : failure({ name: "This template no longer exists." }, 404);
  }
  return redirectWithToast(context, href("/dashboard/templates"), {
    title: id ? "WhatsApp template saved" : "WhatsApp template added",
  });
}
