import { data, href, useActionData, useLoaderData } from "react-router";
import { DeskPage } from "~/components/desk-page";
import { LICENCE_FIELDS, LicenceCheckForm } from "~/components/inbox/licence-checks-section";
import { errorToast } from "~/components/toast";
import { brandTitle } from "~/content/company";
import { LicenceCheckSchema } from "~/forms/licence-checks";
import { parseForm, readFields } from "~/forms/parse-form";
import { databaseContext } from "~/lib/context.server";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { recordLicenceCheck } from "~/lib/licences/licence-checks.server";
import { logFailure } from "~/lib/ops/failure-reference.server";
import { logger } from "~/lib/ops/logger.server";
import { londonDate } from "~/lib/uk-time";
import type { Route } from "./+types/dashboard.inquiries.licence-checks";

/**
 * A recorded check goes back to the lead page; a refused one is drawn here, each field with its
 * message and the values as sent, so the form works the same without JavaScript. The page's own
 * loader must not redirect: it runs again after a refused post, and would drop the messages.
 */

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Record a licence check") },
  { name: "robots", content: "noindex" },
];

export function loader({ params, context }: Route.LoaderArgs) {
  guardedUser(context);
  return { inquiryId: params.id, today: londonDate(new Date()) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const formData = await readFormData(request);
  refuseForeignForm(formData, "intent", ["licence-check"]);
  const today = londonDate(new Date());
  const parsed = parseForm(LicenceCheckSchema, formData);
  const refused = (description: string, status: number) =>
    data(
      {
        toast: errorToast(description),
        fieldErrors: parsed.ok ? {} : parsed.fieldErrors,
        values: readFields(formData, LICENCE_FIELDS),
        today,
      },
      { status },
    );
  if (!parsed.ok) return refused(parsed.first, 400);
  const { intent: _intent, id, ...input } = parsed.data;
  if (id !== params.id) return refused("This inquiry no longer exists.", 404);
  const { db } = context.get(databaseContext);
  try {
    await recordLicenceCheck(db, { ...input, inquiryId: id, actorId: user.id });
  } catch (error) {
    if (isMissingInquiry(error)) return refused("This inquiry no longer exists.", 404);
    return refused(logFailure(error, "licence check failed"), 500);
  }
  logger.info({ inquiryId: id, adminId: user.id, result: input.result }, "licence check");
  return redirectWithToast(context, `${href("/dashboard/inquiries/:id", { id })}#licences-heading`, {
    title: "Licence check recorded",
  });
}

/** The inquiry went (erased) between the page and the post: its foreign key refuses the row. */
function isMissingInquiry(error: unknown): boolean {
  const cause = error instanceof Error && "cause" in error ? error.cause : error;
  return typeof cause === "object" && cause !== null && "code" in cause && cause.code === "23503";
}

export default function LicenceCheckPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <DeskPage title="Record a licence check">
      <p className="mt-4 text-sm">
        {result
          ? "Nothing was recorded: correct the fields marked below."
          : "Record what the register showed."}
      </p>
      <div className="mt-6">
        <LicenceCheckForm
          inquiryId={page.inquiryId}
          today={result?.today ?? page.today}
          values={result?.values}
          errors={result?.fieldErrors}
        />
      </div>
    </DeskPage>
  );
}
