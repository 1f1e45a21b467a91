import { data, Form, href, useActionData, useLoaderData } from "react-router";
import { DeskSection } from "~/components/desk-page";
import { z } from "zod";
import { TemplateEditorPage } from "~/components/inbox/template-form";
import { Button } from "~/components/ui/button";
import { brandTitle } from "~/content/company";
import { databaseContext } from "~/lib/context.server";
import { readFormData } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { deleteReplyTemplate, getReplyTemplate } from "~/lib/inquiries/replies.server";
import type { Route } from "./+types/dashboard.templates.detail";
import { saveTemplateForm } from "~/routes/dashboard.templates.server";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: brandTitle(loaderData ? `Template: ${loaderData.template.name}` : "Template") },
  { name: "robots", content: "noindex" },
];

const IdSchema = z.uuid();

export async function loader({ params, context }: Route.LoaderArgs) {
  guardedUser(context);
  const id = IdSchema.safeParse(params.id);
  const template = id.success ? await getReplyTemplate(context.get(databaseContext).db, id.data) : null;
  if (!template) throw data("Not found", { status: 404 });
  return {
    template: { id: template.id, name: template.name, subject: template.subject, body: template.body },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const id = IdSchema.safeParse(params.id);
  if (!id.success) throw data("Not found", { status: 404 });
  const formData = await readFormData(request);
  if (formData.get("intent") === "delete") {
    const deleted = await deleteReplyTemplate(context.get(databaseContext).db, id.data);
    return redirectWithToast(context, href("/dashboard/templates"), {
      title: deleted ? "Template deleted" : "This template no longer exists.",
      ...(deleted ? {} : { variant: "destructive" as const }),
    });
  }
  return saveTemplateForm(context, formData, user.id, id.data);
}

export default function TemplatePage() {
  const { template } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <TemplateEditorPage
      title={`Template: ${template.name}`}
      values={result?.values ?? template}
      errors={result?.errors ?? {}}
      submitLabel="Save template"
    >
      <DeskSection id="delete-heading" title="Delete">
        <p className="text-sm">Replies and drafts already written from it keep their text.</p>
        <Form method="post" aria-label="Delete template">
          <Button type="submit" name="intent" value="delete" variant="destructive">
            Delete template
          </Button>
        </Form>
      </DeskSection>
    </TemplateEditorPage>
  );
}
