import { href } from "react-router";
import type { z } from "zod";
import { errorToast } from "~/components/toast";
import { parseForm } from "~/forms/parse-form";
import { type AppContext, databaseContext } from "~/lib/context.server";
import type { Db } from "~/lib/db/db.server";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { logFailure } from "~/lib/ops/failure-reference.server";

/** A lead page section's form, checked: who sent it, what it says, and the way back with a refusal. */
interface LeadSectionPost<S extends z.ZodType<{ id: string }>> {
  user: ReturnType<typeof guardedUser>;
  input: z.output<S>;
  back: string;
  fail(description: string): Promise<Response>;
  /** Makes the change; should it throw, the admin is sent back with a reference to the logged failure. */
  attempt<T>(failure: string, change: (db: Db) => Promise<T>): Promise<T | Response>;
}

/**
 * Reads the plain form post of one section of the lead page (`/dashboard/inquiries/:id`), so that each section's
 * action is only its change. A form of another section is refused (400); a form that does not parse, or names
 * another lead than its URL, goes back to `#anchor` with the first problem and changes nothing.
 */
export async function readLeadSectionPost<S extends z.ZodType<{ id: string }>>(
  context: AppContext,
  request: Request,
  leadId: string,
  section: { intents: readonly string[]; schema: S; anchor?: string; gone?: string },
): Promise<LeadSectionPost<S> | Response> {
  const user = guardedUser(context);
  const formData = await readFormData(request);
  refuseForeignForm(formData, "intent", section.intents);
  const page = href("/dashboard/inquiries/:id", { id: leadId });
  const back = section.anchor ? `${page}#${section.anchor}` : page;
  const fail = (description: string) => redirectWithToast(context, back, errorToast(description));
  const parsed = parseForm(section.schema, formData);
  if (!parsed.ok) return fail(parsed.first);
  if (parsed.data.id !== leadId) return fail(section.gone ?? "This inquiry no longer exists.");
  const input = parsed.data;
  const attempt = async <T>(failure: string, change: (db: Db) => Promise<T>): Promise<T | Response> => {
    try {
      return await change(context.get(databaseContext).db);
    } catch (error) {
      return fail(logFailure(error, failure, { intent: formData.get("intent") }));
    }
  };
  return { user, input, back, fail, attempt };
}
