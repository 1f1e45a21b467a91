import { useActionData, useLoaderData, useLocation, useRouteLoaderData } from "react-router";
import { InquirySent } from "~/components/inquiry-sent";
import type { Toast } from "~/components/toast";
import { ContactDetails } from "~/components/contact-details";
import { InquiryForm } from "~/components/inquiry-form";
import { PageHero } from "~/components/sections/page-hero";
import { Toaster } from "~/components/toast";
import { contactPage } from "~/content/contact";
import { getContactConfig, handleContactSubmission, loadContactForm } from "~/routes/contact.server";
import { databaseContext } from "~/lib/context.server";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/contact";

/*
 * Not hydrated, for first-paint performance: the form is a plain POST with Post/Redirect/Get
 * (InquiryForm uses <Form>, so `handle = { hydrate: true }` would make it submit without a reload).
 */

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/contact", contactPage.meta, matches);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadContactForm(request, getContactConfig(context), context.get(databaseContext).db);
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleContactSubmission(context, request);
}

/** Contact details, business hours, the WhatsApp card and the inquiry form. */
export default function Contact() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A successful submission redirects here, a new location: the form remounts empty.
  const location = useLocation();
  // The root reads the flash toast; a sent inquiry's carries its reference.
  const sentReference = useRouteLoaderData<{ toast: Toast | null }>("root")?.toast?.reference;
  return (
    <main id="main">
      <PageHero hero={contactPage.hero} />
      <div className="bg-surface-muted py-16">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 lg:grid-cols-3">
          <section aria-labelledby="inquiry-heading" className="lg:col-span-2">
            <div className="rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
              <h2 id="inquiry-heading" className="text-2xl font-bold text-ink">
                {contactPage.form.title}
              </h2>
              <p className="mt-2 text-ink-muted">{contactPage.form.description}</p>
              {sentReference ? (
                <InquirySent reference={sentReference} replyFrom={loaderData.replyFrom} />
              ) : null}
              <InquiryForm
                key={location.key}
                values={actionData?.values ?? loaderData.values}
                fieldErrors={actionData?.fieldErrors ?? {}}
                formError={actionData?.formError}
                formToken={actionData?.formToken ?? loaderData.formToken}
                visit={actionData?.visit ?? loaderData.visit}
              />
            </div>
          </section>
          <ContactDetails />
        </div>
      </div>
      <Toaster toast={actionData?.toast} />
    </main>
  );
}
