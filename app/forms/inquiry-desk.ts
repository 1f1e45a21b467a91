import { z } from "zod";
import {
  INQUIRY_STATUS_VALUES,
  LOST_REASON_MAX_LENGTH,
  REPLY_BODY_MAX_LENGTH,
  REPLY_SUBJECT_MAX_LENGTH,
} from "~/content/inquiry-desk";
import { REPLY_PLACEHOLDER } from "~/content/reply-templates";
import { IdSchema, INBOX_OWNER_VALUES, INBOX_SORT_VALUES, INBOX_STATUS_VALUES } from "~/forms/inbox";
import { DEAL_SIZE_VALUES, INTEREST_VALUES } from "~/content/inquiry-options";
import { REPLY_CHANNEL_VALUES } from "~/content/desk-labels";
import { multiLine, requiredText } from "~/forms/single-line";

/** Better Auth user ids are opaque strings. */
export const UserIdSchema = requiredText("Choose an admin.", 200);

export const SetStatusSchema = z
  .object({
    intent: z.literal("set-status"),
    id: IdSchema,
    status: z.enum(INQUIRY_STATUS_VALUES, { error: "Choose a status." }),
    lostReason: multiLine(
      z
        .string()
        .trim()
        .max(LOST_REASON_MAX_LENGTH, `The reason must be at most ${LOST_REASON_MAX_LENGTH} characters.`)
        .optional(),
    ),
  })
  .refine((value) => value.status !== "closed_lost" || Boolean(value.lostReason), {
    path: ["lostReason"],
    message: "Say why the lead was lost.",
  });

export const AssignSchema = z.object({
  intent: z.literal("assign"),
  id: IdSchema,
  /** Empty: unassign. */
  assigneeId: z.preprocess((value) => (value === "" ? null : value), UserIdSchema.nullable()),
});

const TakeSchema = z.object({ intent: z.literal("take"), id: IdSchema });

const noPlaceholder = (value: string) => !REPLY_PLACEHOLDER.test(value);

export const ReplySchema = z.object({
  intent: z.literal("reply"),
  id: IdSchema,
  subject: multiLine(
    requiredText(
      "Write a subject.",
      REPLY_SUBJECT_MAX_LENGTH,
      `The subject must be at most ${REPLY_SUBJECT_MAX_LENGTH} characters.`,
    ).refine(noPlaceholder, "Fill in or remove the [[…]] placeholder."),
  ),
  body: multiLine(
    requiredText(
      "Write your reply.",
      REPLY_BODY_MAX_LENGTH,
      `The reply must be at most ${REPLY_BODY_MAX_LENGTH} characters.`,
    ).refine(noPlaceholder, "Fill in or remove every [[…]] placeholder."),
  ),
});

export const MarkRepliedSchema = z.object({
  intent: z.literal("mark-replied"),
  id: IdSchema,
  channel: z.enum(REPLY_CHANNEL_VALUES, { error: "Choose how you replied." }).default("email"),
});

/** An admin confirms a held message (not from the lead's address, or failed checks) as the lead's. */
const ConfirmMessageSchema = z.object({
  intent: z.literal("confirm-message"),
  id: IdSchema,
  messageId: IdSchema,
});

const BULK_ACTION_VALUES = [
  "mark-read",
  "mark-unread",
  "spam",
  "not-spam",
  "assign",
  "set-status",
  "delete",
] as const;

/** The bar's empty choice means "not chosen yet", so unassigning needs a value no generated id can be. */
export const BULK_NOBODY = "nobody";

/** Scope "filter" needs `before` (when its count was shown); deleting needs `confirm` with the count the admin saw. */
export const BulkActionSchema = z
  .object({
    intent: z.literal("bulk"),
    action: z.enum(BULK_ACTION_VALUES, { error: "Choose an action." }),
    scope: z.enum(["selected", "filter"]).default("selected"),
    ids: z.array(IdSchema).max(500, "Select at most 500 inquiries.").default([]),
    status: z.enum(INBOX_STATUS_VALUES).default("all"),
    interest: z.enum(INTEREST_VALUES).optional(),
    dealSize: z.enum(DEAL_SIZE_VALUES).optional(),
    q: z.string().trim().max(200).optional(),
    owner: z.enum(INBOX_OWNER_VALUES).optional(),
    lead: z.enum(INQUIRY_STATUS_VALUES).optional(),
    sort: z.enum(INBOX_SORT_VALUES).optional(),
    before: z.iso.datetime({ offset: true }).optional(),
    /** An admin's id, or BULK_NOBODY to clear the owner; empty is "not chosen". */
    assigneeId: z.preprocess(
      (value) => (value === BULK_NOBODY ? null : value === "" ? undefined : value),
      UserIdSchema.nullable().optional(),
    ),
    leadStatus: z.enum(INQUIRY_STATUS_VALUES).optional(),
    lostReason: z.string().trim().max(LOST_REASON_MAX_LENGTH).optional(),
    confirm: z.coerce.number().int().min(0).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.scope === "selected" && value.ids.length === 0) {
      ctx.addIssue({ code: "custom", path: ["ids"], message: "Select at least one inquiry." });
    }
    if (value.scope === "filter" && !value.before) {
      ctx.addIssue({ code: "custom", path: ["before"], message: "Reload the page and try again." });
    }
    if (value.action === "set-status" && !value.leadStatus) {
      ctx.addIssue({ code: "custom", path: ["leadStatus"], message: "Choose a status." });
    }
    if (value.action === "set-status" && value.leadStatus === "closed_lost" && !value.lostReason) {
      ctx.addIssue({ code: "custom", path: ["lostReason"], message: "Say why the leads were lost." });
    }
    if (value.action === "assign" && value.assigneeId === undefined) {
      ctx.addIssue({ code: "custom", path: ["assigneeId"], message: "Choose an admin." });
    }
    if (value.action === "delete" && value.confirm === undefined) {
      ctx.addIssue({ code: "custom", path: ["confirm"], message: "Confirm the deletion." });
    }
  });
export type BulkActionInput = z.output<typeof BulkActionSchema>;

/** FormData → the object BulkActionSchema reads: `ids` may repeat. */
export function bulkFormValues(formData: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = Object.fromEntries(
    [...formData.entries()].filter(([key, value]) => key !== "ids" && value !== ""),
  );
  values.ids = formData.getAll("ids").filter((value) => typeof value === "string" && value !== "");
  return values;
}

/** Every change the lead page makes, as one form field `intent`. */
export const InquiryActionSchema = z.discriminatedUnion(
  "intent",
  [SetStatusSchema, AssignSchema, TakeSchema, ReplySchema, MarkRepliedSchema, ConfirmMessageSchema],
  { error: "Unknown action." },
);
export type InquiryAction = z.output<typeof InquiryActionSchema>;
export type InquiryIntent = InquiryAction["intent"];
