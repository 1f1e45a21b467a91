import { describe, expect, it } from "vitest";
import {
  AssignSchema,
  BULK_NOBODY,
  BulkActionSchema,
  bulkFormValues,
  ReplySchema,
  SetStatusSchema,
} from "~/forms/inquiry-desk";

const ID = "6f1c2d3e-0000-4000-8000-000000000000";
const fieldErrors = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("lead desk forms", () => {
  it("a lost lead needs a reason", () => {
    expect(
      fieldErrors(
        SetStatusSchema.safeParse({ intent: "set-status", id: ID, status: "closed_lost", lostReason: " " }),
      ),
    ).toEqual({
      lostReason: "Say why the lead was lost.",
    });
    expect(SetStatusSchema.parse({ intent: "set-status", id: ID, status: "qualified" }).status).toBe(
      "qualified",
    );
    expect(SetStatusSchema.safeParse({ intent: "set-status", id: ID, status: "archived" }).success).toBe(
      false,
    );
  });

  it("an empty assignee unassigns", () => {
    expect(AssignSchema.parse({ intent: "assign", id: ID, assigneeId: "" }).assigneeId).toBeNull();
    expect(AssignSchema.parse({ intent: "assign", id: ID, assigneeId: "u1" }).assigneeId).toBe("u1");
  });

  it("a reply needs a subject and a body without placeholders, with one kind of line break", () => {
    expect(
      fieldErrors(ReplySchema.safeParse({ intent: "reply", id: ID, subject: "", body: "Rate: [[Rate]]" })),
    ).toEqual({ subject: "Write a subject.", body: "Fill in or remove every [[…]] placeholder." });
    expect(ReplySchema.parse({ intent: "reply", id: ID, subject: "Hi", body: "a\r\nb" }).body).toBe("a\nb");
  });

  it("bulk: selected ids from a repeated field, or a filter bounded in time; deleting needs confirmation", () => {
    const form = new FormData();
    form.append("intent", "bulk");
    form.append("action", "mark-read");
    form.append("ids", ID);
    form.append("ids", ID.replace("6f", "7f"));
    expect(BulkActionSchema.parse(bulkFormValues(form)).ids).toHaveLength(2);
    expect(fieldErrors(BulkActionSchema.safeParse({ intent: "bulk", action: "mark-read" }))).toEqual({
      ids: "Select at least one inquiry.",
    });
    expect(
      fieldErrors(BulkActionSchema.safeParse({ intent: "bulk", action: "delete", scope: "filter" })),
    ).toEqual({
      before: "Reload the page and try again.",
      confirm: "Confirm the deletion.",
    });
    expect(
      fieldErrors(
        BulkActionSchema.safeParse({
          intent: "bulk",
          action: "set-status",
          ids: [ID],
          leadStatus: "closed_lost",
        }),
      ),
    ).toEqual({ lostReason: "Say why the leads were lost." });
  });

  it("bulk assign: an admin, or Nobody (unassign); the empty choice is not a choice", () => {
    const assign = (assigneeId: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ intent: "bulk", action: "assign", ids: ID, assigneeId })) {
        form.append(name, value);
      }
      return BulkActionSchema.safeParse(bulkFormValues(form));
    };
    expect(assign(BULK_NOBODY).data?.assigneeId).toBeNull();
    expect(assign("ben").data?.assigneeId).toBe("ben");
    expect(fieldErrors(assign(""))).toEqual({ assigneeId: "Choose an admin." });
    expect(
      fieldErrors(
        BulkActionSchema.safeParse({ intent: "bulk", action: "assign", ids: [ID], assigneeId: "" }),
      ),
    ).toEqual({ assigneeId: "Choose an admin." });
  });
});
