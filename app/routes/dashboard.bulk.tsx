import { data, Form, href, Link, useActionData } from "react-router";
import { errorToast, Toaster } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { databaseContext, envContext } from "~/lib/context.server";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { LostReasonRequiredError } from "~/lib/inquiries/changes.server";
import { logFailure } from "~/lib/ops/failure-reference.server";
import { logger } from "~/lib/ops/logger.server";
import type { Route } from "./+types/dashboard.bulk";
import { announceOptionsFromEnv } from "~/lib/inquiries/intake.server";
import {
  countTarget,
  parseBulkForm,
  refusedViewUrl,
  resubmitFields,
  runBulkAction,
  viewUrl,
} from "~/routes/dashboard.bulk.server";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: "Bulk action – Dashboard" },
  { name: "robots", content: "noindex" },
];

const DONE: Record<string, string> = {
  "mark-read": "marked as read",
  "mark-unread": "marked as unread",
  spam: "marked as spam",
  "not-spam": "moved back to the inbox",
  assign: "assigned",
  "set-status": "updated",
  delete: "deleted",
};

function failure(description: string, status: number) {
  return data({ toast: errorToast(description), confirm: null, back: href("/dashboard") }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const formData = await readFormData(request);
  refuseForeignForm(formData, "action");
  const parsed = parseBulkForm(formData);
  // Refused: back on the inbox, the view, its page and the selection kept, the reason in the toast.
  if (!parsed.ok) {
    return redirectWithToast(context, refusedViewUrl(formData), errorToast(parsed.first));
  }
  const { db } = context.get(databaseContext);
  const input = parsed.data;
  try {
    if (input.action === "delete") {
      const count = await countTarget(db, input, user.id);
      // Asked first, and again when the count changed since: the admin confirms the number they see.
      if (parsed.asking || count !== input.confirm) {
        return { toast: null, confirm: { count, fields: resubmitFields(formData) }, back: viewUrl(input) };
      }
    }
    const env = context.get(envContext);
    const result = await runBulkAction(db, input, user.id, env.SITE_URL, announceOptionsFromEnv(env));
    if (result === "not-an-admin") return failure("Only admins can own inquiries.", 400);
    logger.info({ action: input.action, scope: input.scope, ...result, adminId: user.id }, "bulk action");
    const noun = result.changed === 1 ? "inquiry" : "inquiries";
    const unassigning = input.action === "assign" && input.assigneeId === null;
    return redirectWithToast(context, viewUrl(input), {
      title: `${result.changed} ${noun} ${unassigning ? "unassigned" : (DONE[input.action] ?? "updated")}`,
    });
  } catch (error) {
    if (error instanceof LostReasonRequiredError) return failure("Say why the leads were lost.", 400);
    return failure(logFailure(error, "bulk action failed", { action: input.action }), 500);
  }
}

export default function BulkAction() {
  const result = useActionData<typeof action>();
  const confirm = result?.confirm;
  const what = confirm ? `${confirm.count} ${confirm.count === 1 ? "inquiry" : "inquiries"}` : "";
  return (
    <main id="main" className="mx-auto max-w-xl space-y-6 px-4 py-16">
      <h1 className="text-2xl font-bold text-ink">Bulk action</h1>
      {confirm ? (
        <Form method="post" className="space-y-4" aria-label="Confirm deletion">
          {confirm.fields.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirm" value={confirm.count} />
          <p className="text-ink-soft" data-testid="bulk-confirm">
            {`Delete ${what}? This cannot be undone.`}
          </p>
          <div className="flex gap-3">
            <Button type="submit" variant="destructive">
              {`Delete ${what}`}
            </Button>
            <Link to={result.back} className="self-center text-sm font-semibold text-ink-soft underline">
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <p>
          <Link
            to={result?.back ?? href("/dashboard")}
            className="font-semibold text-accent-strong underline"
          >
            Back to the inbox
          </Link>
        </p>
      )}
      <Toaster toast={result?.toast} />
    </main>
  );
}
