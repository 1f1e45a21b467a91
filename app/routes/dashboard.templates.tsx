import { href, Link, useLoaderData } from "react-router";
import { DeskSection } from "~/components/desk-page";
import { PlaceholderList } from "~/components/inbox/template-form";
import { DeskListHeader } from "~/components/desk-editor-frame";
import { buttonVariants } from "~/components/ui/button";
import { brandTitle } from "~/content/company";
import { databaseContext } from "~/lib/context.server";
import { guardedUser } from "~/lib/http/guards.server";
import { listReplyTemplates } from "~/lib/inquiries/replies.server";
import { listWhatsAppTemplates } from "~/lib/whatsapp/whatsapp-replies.server";
import type { Route } from "./+types/dashboard.templates";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Reply templates") },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  guardedUser(context);
  const { db } = context.get(databaseContext);
  const [templates, whatsApp] = await Promise.all([listReplyTemplates(db), listWhatsAppTemplates(db)]);
  return {
    templates: templates.map(({ id, name, subject }) => ({ id, name, subject })),
    whatsApp: whatsApp.map(({ id, name, language, body }) => ({ id, name, language, body })),
  };
}

/** The team's reply templates: each opens in the editor; the inquiry page inserts them into replies. */
export default function TemplatesPage() {
  const { templates, whatsApp } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-8 px-4 py-12">
      <DeskListHeader
        title="Reply templates"
        newEntry={{ to: href("/dashboard/templates/new"), label: "New template" }}
      />
      {templates.length === 0 ? (
        <p>No templates yet.</p>
      ) : (
        <ul className="divide-y divide-line-soft rounded-lg border border-line-soft" aria-label="Templates">
          {templates.map((template) => (
            <li key={template.id} className="space-y-1 p-4">
              <Link
                to={href("/dashboard/templates/:id", { id: template.id })}
                className="font-semibold text-accent-strong underline"
              >
                {template.name}
              </Link>
              <p className="text-sm break-words text-ink-muted">{template.subject}</p>
            </li>
          ))}
        </ul>
      )}
      <DeskSection id="whatsapp-templates-heading" title="WhatsApp templates">
        <p className="text-sm">
          The templates Meta approved in WhatsApp Manager: after the 24-hour window they are the only messages
          a lead receives on WhatsApp.
        </p>
        <p>
          <Link
            to={href("/dashboard/templates/whatsapp/new")}
            className={buttonVariants({ variant: "secondary" })}
          >
            New WhatsApp template
          </Link>
        </p>
        {whatsApp.length === 0 ? (
          <p>No WhatsApp templates yet.</p>
        ) : (
          <ul
            className="divide-y divide-line-soft rounded-lg border border-line-soft"
            aria-label="WhatsApp templates"
          >
            {whatsApp.map((template) => (
              <li key={template.id} className="space-y-1 p-4">
                <Link
                  to={href("/dashboard/templates/whatsapp/:id", { id: template.id })}
                  className="font-semibold text-accent-strong underline"
                >
                  {`${template.name} (${template.language})`}
                </Link>
                <p className="text-sm break-words text-ink-muted">{template.body}</p>
              </li>
            ))}
          </ul>
        )}
      </DeskSection>
      <DeskSection id="placeholders-heading" title="Placeholders">
        <p className="text-sm">
          A template may use these; they are filled in for the lead when the template is inserted into a
          reply. Anything else in double braces is refused when you save.
        </p>
        <PlaceholderList />
      </DeskSection>
    </main>
  );
}
