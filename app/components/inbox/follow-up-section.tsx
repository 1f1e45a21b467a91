import { Form, href } from "react-router";
import { DeskSection } from "~/components/desk-page";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { AdminOptions } from "~/components/inbox/status-options";
import { FOLLOW_UP_TEXT_MAX_LENGTH, FOLLOW_UP_TIME_ZONE_LABEL } from "~/content/follow-ups";
import { formatUkTime, toUkLocal } from "~/lib/uk-time";

export interface FollowUpItem {
  dueAt: Date | string;
  text: string;
  ownerId: string | null;
  ownerName: string | null;
  completedAt: Date | string | null;
}

/** Plain forms: they post to the follow-up route, which brings the admin back here. */
export function FollowUpSection({
  inquiryId,
  followUp,
  admins,
  viewerId,
  now,
}: {
  inquiryId: string;
  followUp: FollowUpItem | null;
  admins: { id: string; name: string }[];
  viewerId: string;
  now: number;
}) {
  const action = href("/dashboard/inquiries/:id/follow-up", { id: inquiryId });
  const open = followUp && !followUp.completedAt ? followUp : null;
  const dueAt = open ? new Date(open.dueAt) : null;
  const overdue = dueAt !== null && dueAt.getTime() <= now;
  return (
    <DeskSection id="follow-up-heading" title="Follow-up">
      {open && dueAt ? (
        <div className="space-y-2 rounded-lg border border-line-soft p-4 text-sm" data-testid="follow-up">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{formatUkTime(dueAt)}</span>
            {overdue ? (
              <span className="rounded-full bg-danger-wash px-2.5 py-0.5 text-xs font-semibold text-danger-strong">
                Overdue
              </span>
            ) : null}
            <span className="text-ink-muted">· {open.ownerName ?? "No owner"}</span>
          </p>
          <p className="whitespace-pre-wrap">{open.text}</p>
          <Form method="post" action={action}>
            <input type="hidden" name="id" value={inquiryId} />
            <Button type="submit" name="intent" value="complete-follow-up" variant="secondary">
              Mark follow-up done
            </Button>
          </Form>
        </div>
      ) : (
        <p className="text-sm text-ink-muted">
          {followUp?.completedAt ? "The last follow-up is done. Set the next step:" : "No next step yet."}
        </p>
      )}
      <Form
        method="post"
        action={action}
        key={open ? `${String(open.dueAt)}:${open.ownerId}:${open.text}` : "none"}
        className="grid gap-3 sm:grid-cols-2"
        aria-label={open ? "Move follow-up" : "Set follow-up"}
      >
        <input type="hidden" name="id" value={inquiryId} />
        <Field
          label={`When (${FOLLOW_UP_TIME_ZONE_LABEL})`}
          name="dueAt"
          description="Date and time in the UK (GMT, or BST in summer), whatever your device's clock."
        >
          {(control) => (
            <Input {...control} type="datetime-local" required defaultValue={dueAt ? toUkLocal(dueAt) : ""} />
          )}
        </Field>
        <Field label="Owner" name="ownerId">
          {(control) => (
            <Select {...control} defaultValue={open?.ownerId ?? viewerId}>
              <AdminOptions admins={admins} />
            </Select>
          )}
        </Field>
        <Field label="Next step" name="text" className="sm:col-span-2">
          {(control) => (
            <Input
              {...control}
              required
              maxLength={FOLLOW_UP_TEXT_MAX_LENGTH}
              defaultValue={open?.text ?? ""}
              placeholder="e.g. Call back about the site visit"
            />
          )}
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" name="intent" value="set-follow-up">
            {open ? "Move follow-up" : "Set follow-up"}
          </Button>
        </div>
      </Form>
    </DeskSection>
  );
}
