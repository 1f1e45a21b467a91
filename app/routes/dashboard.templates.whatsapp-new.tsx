import { useActionData } from "react-router";
import { WhatsAppTemplateEditorPage } from "~/components/inbox/whatsapp-template-form";
import { brandTitle } from "~/content/company";
import { readFormData } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import type { Route } from "./+types/dashboard.templates.whatsapp-new";
import { saveWhatsAppTemplateForm } from "~/routes/dashboard.templates.server";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("New WhatsApp template") },
  { name: "robots", content: "noindex" },
];

export function loader({ context }: Route.LoaderArgs) {
  guardedUser(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  guardedUser(context);
  return saveWhatsAppTemplateForm(context, await readFormData(request), null);
}

export default function NewWhatsAppTemplatePage() {
  const result = useActionData<typeof action>();
  return (
    <WhatsAppTemplateEditorPage
      title="New WhatsApp template"
      values={result?.values ?? { name: "", language: "en_GB", body: "", parameters: "" }}
      errors={result?.errors ?? {}}
      submitLabel="Add template"
    />
  );
}
