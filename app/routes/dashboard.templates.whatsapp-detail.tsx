import { data, Form, href, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { DeskSection } from "~/components/desk-page";
import { WhatsAppTemplateEditorPage } from "~/components/inbox/whatsapp-template-form";
import { Button } from "~/components/ui/button";
import { brandTitle } from "~/content/company";
import { databaseContext } from "~/lib/context.server";
import { readFormData } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { deleteWhatsAppTemplate, getWhatsAppTemplate } from "~/lib/whatsapp/whatsapp-templates.server";
import type { Route } from "./+types/dashboard.templates.whatsapp-detail";
import { saveWhatsAppTemplateForm } from "~/routes/dashboard.templates.server";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: brandTitle(loaderData ? `WhatsApp template: ${loaderData.template.name}` : "WhatsApp template") },
  { name: "robots", content: "noindex" },
];

const IdSchema = z.uuid();

export async function loader({ params, context }: Route.LoaderArgs) {
  guardedUser(context);
  const id = IdSchema.safeParse(params.id);
  const template = id.success ? await getWhatsAppTemplate(context.get(databaseContext).db, id.data) : null;
  if (!template) throw data("Not found", { status: 404 });
  return {
    template: {
      id: template.id,
      name: template.name,
      language: template.language,
      body: template.body,
      parameters: template.parameters.join("\n"),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  guardedUser(context);
  const id = IdSchema.safeParse(params.id);
  if (!id.success) throw data("Not found", { status: 404 });
  const formData = await readFormData(request);
  if (formData.get("intent") === "delete") {
    const deleted = await deleteWhatsAppTemplate(context.get(databaseContext).db, id.data);
    return redirectWithToast(context, href("/dashboard/templates"), {
      title: deleted ? "WhatsApp template deleted" : "This template no longer exists.",
      ...(deleted ? {} : { variant: "destructive" as const }),
    });
  }
  return saveWhatsAppTemplateForm(context, formData, id.data);
}

export default function WhatsAppTemplatePage() {
  const { template } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <WhatsAppTemplateEditorPage
      title={`WhatsApp template: ${template.name} (${template.language})`}
      values={result?.values ?? template}
      errors={result?.errors ?? {}}
      submitLabel="Save template"
    >
      <DeskSection id="delete-heading" title="Delete">
        <p className="text-sm">
          Replies already sent from it keep their text. Delete it here when Meta no longer approves it.
        </p>
        <Form method="post" aria-label="Delete WhatsApp template">
          <Button type="submit" name="intent" value="delete" variant="destructive">
            Delete template
          </Button>
        </Form>
      </DeskSection>
    </WhatsAppTemplateEditorPage>
  );
}
