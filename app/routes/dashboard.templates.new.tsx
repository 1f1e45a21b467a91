import { useActionData } from "react-router";
import { TemplateEditorPage } from "~/components/inbox/template-form";
import { brandTitle } from "~/content/company";
import { readFormData } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import type { Route } from "./+types/dashboard.templates.new";
import { saveTemplateForm } from "~/routes/dashboard.templates.server";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("New reply template") },
  { name: "robots", content: "noindex" },
];

export function loader({ context }: Route.LoaderArgs) {
  guardedUser(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  return saveTemplateForm(context, await readFormData(request), user.id, null);
}

export default function NewTemplatePage() {
  const result = useActionData<typeof action>();
  return (
    <TemplateEditorPage
      title="New reply template"
      values={result?.values ?? { name: "", subject: "Your inquiry {{reference}} – {{brand}}", body: "" }}
      errors={result?.errors ?? {}}
      submitLabel="Add template"
    />
  );
}
