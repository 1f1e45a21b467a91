import { href } from "react-router";
import { type BulkActionInput, BulkActionSchema, bulkFormValues } from "~/forms/inquiry-desk";
import { collectFieldErrors } from "~/forms/parse-form";
import { INBOX_LIST_PAGE_SIZE, type InboxQuery, inboxSearchParams, parseInboxFilter } from "~/forms/inbox";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
import type { Db } from "~/lib/db/db.server";
import {
  type BulkAction,
  type BulkResult,
  type BulkTarget,
  applyBulkAction,
  countBulkTarget,
} from "~/lib/inquiries/changes.server";
import type { AnnounceOptions } from "~/lib/inquiries/intake.server";

/** The bulk form as submitted: the schema's data, or its first error per field. */
export function parseBulkForm(formData: FormData) {
  const values = bulkFormValues(formData);
  // The first submission of a deletion asks for confirmation: its count comes from the server.
  const asking = values.action === "delete" && values.confirm === undefined;
  const result = BulkActionSchema.safeParse(asking ? { ...values, confirm: 0 } : values);
  if (!result.success) return { ok: false as const, ...collectFieldErrors(result.error) };
  return { ok: true as const, data: result.data, asking };
}

function viewOf(input: BulkActionInput): InboxQuery {
  const { status, interest, dealSize, q, owner, lead } = input;
  return { status, interest, dealSize, q, owner, lead };
}

/** The view and the page the form was sent from, and its selection: where a refused action goes back to. */
export function refusedViewUrl(formData: FormData): string {
  const fields = new URLSearchParams();
  for (const name of ["status", "interest", "dealSize", "q", "owner", "lead", "sort", "page", "asOf"]) {
    const value = formData.get(name);
    if (typeof value === "string") fields.set(name, value);
  }
  // Cleaned through the inbox's own filter: only a view goes back into the URL.
  const params = inboxSearchParams(parseInboxFilter(fields));
  const ids = formData.getAll("ids").filter((id): id is string => typeof id === "string" && UUID.test(id));
  for (const id of ids.slice(0, INBOX_LIST_PAGE_SIZE)) params.append("selected", id);
  const query = params.toString();
  return query ? `${href("/dashboard")}?${query}` : href("/dashboard");
}

function bulkTarget(input: BulkActionInput, viewerId: string): BulkTarget {
  if (input.scope === "selected") return { ids: input.ids };
  return { query: viewOf(input), viewerId, before: input.before ? new Date(input.before) : undefined };
}

function bulkAction(input: BulkActionInput): BulkAction {
  switch (input.action) {
    case "assign":
      return { kind: "assign", assigneeId: input.assigneeId ?? null };
    case "set-status":
      return { kind: "set-status", status: input.leadStatus!, lostReason: input.lostReason ?? null };
    default:
      return { kind: input.action };
  }
}

export function countTarget(db: Db, input: BulkActionInput, viewerId: string): Promise<number> {
  return countBulkTarget(db, bulkTarget(input, viewerId));
}

export function runBulkAction(
  db: Db,
  input: BulkActionInput,
  actorId: string,
  siteUrl: string,
  announce?: AnnounceOptions,
): Promise<BulkResult | "not-an-admin"> {
  return applyBulkAction(db, {
    target: bulkTarget(input, actorId),
    action: bulkAction(input),
    actorId,
    siteUrl,
    announce,
  });
}

/** The inbox view the form was sent from. */
export function viewUrl(input: BulkActionInput): string {
  const query = inboxSearchParams({ ...viewOf(input), sort: input.sort }).toString();
  return query ? `${href("/dashboard")}?${query}` : href("/dashboard");
}

/** The fields to send again with the confirmation (everything but `confirm`). */
export function resubmitFields(formData: FormData): [string, string][] {
  return [...formData.entries()]
    .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "confirm")
    .filter(([, value]) => value !== "");
}
