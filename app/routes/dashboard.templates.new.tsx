import { href, Link, useActionData } from "react-router";
import { PlaceholderList, TemplateForm } from "~/components/inbox/template-form";
import { brandTitle } from "~/content/company";
import { readFormData } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import type { Route } from "./+types/dashboard.templates.new";
import { saveTemplateForm } from "./dashboard.templates.server";

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
    <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-12">
      <p>
        <Link
          to={href("/dashboard/templates")}
          className="text-sm font-semibold text-accent-strong underline"
        >
          Back to the templates
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-ink">New reply template</h1>
      <TemplateForm
        values={result?.values ?? { name: "", subject: "Your inquiry {{reference}} – {{brand}}", body: "" }}
        errors={result?.errors ?? {}}
        submitLabel="Add template"
      />
      <section aria-labelledby="placeholders-heading" className="space-y-3">
        <h2 id="placeholders-heading" className="text-lg font-semibold">
          Placeholders
        </h2>
        <PlaceholderList />
      </section>
    </main>
  );
}
