import type { ReactNode } from "react";
import { href } from "react-router";
import { LOST_REASON_MAX_LENGTH } from "~/content/inquiry-desk";
import type { InboxFilter } from "~/forms/inbox";
import { BULK_NOBODY } from "~/forms/inquiry-desk";
import { INBOX_BUTTON } from "~/components/inbox/card-button";
import { BULK_FORM_ID } from "~/components/inbox/inquiry-line";
import { AdminOptions, StatusOptions } from "~/components/inbox/status-options";
import { Options } from "~/components/ui/input";

const ACTIONS = {
  "mark-read": "Mark as read",
  "mark-unread": "Mark as unread",
  spam: "Mark as spam",
  "not-spam": "Not spam",
  assign: "Assign to…",
  "set-status": "Set status…",
  delete: "Delete",
};

/** One short class (app.css): the bar is on a page that must stay small (25 cards). */
const CONTROL = "bulk-control";

/**
 * One plain POST form for the selected rows or cards, or for the whole view. It carries the view's filter
 * and the moment its count was shown, so "all N matching" takes no later arrivals.
 */
export function BulkBar({
  filter,
  total,
  shownAt,
  admins,
  children,
}: {
  filter: InboxFilter;
  total: number;
  shownAt: string;
  admins: { id: string; name: string }[];
  /** What the form holds before the bar (the list and its status line); without it, the bar alone. */
  children?: ReactNode;
}) {
  const hidden: [string, string | undefined][] = [
    ["status", filter.status],
    ["interest", filter.interest],
    ["dealSize", filter.dealSize],
    ["q", filter.q],
    ["owner", filter.owner],
    ["lead", filter.lead],
    ["sort", filter.sort === "received" ? undefined : filter.sort],
    // Only for coming back to the same page when the action is refused.
    ["page", filter.page > 1 ? String(filter.page) : undefined],
    ["asOf", filter.page > 1 ? filter.asOf : undefined],
    ["before", shownAt],
  ];
  const bar = (
    <>
      <input type="hidden" name="intent" value="bulk" />
      {hidden.map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <fieldset>
        <legend className="sr-only">Which inquiries</legend>
        <label>
          <input type="radio" name="scope" value="selected" defaultChecked /> Selected
        </label>
        <label>
          <input type="radio" name="scope" value="filter" />
          {` All ${total} matching this filter`}
        </label>
      </fieldset>
      <div>
        <label htmlFor="bulk-action">Action</label>
        <select className={CONTROL} id="bulk-action" name="action" required defaultValue="">
          <option value="" disabled>
            Choose…
          </option>
          <Options choices={ACTIONS} />
        </select>
      </div>
      <div>
        <label htmlFor="bulk-assignee">Assignee</label>
        <select className={CONTROL} id="bulk-assignee" name="assigneeId" defaultValue="">
          <option value="">Choose an admin</option>
          <option value={BULK_NOBODY}>Nobody</option>
          <AdminOptions admins={admins} />
        </select>
      </div>
      <div>
        <label htmlFor="bulk-status">Status</label>
        <select className={CONTROL} id="bulk-status" name="leadStatus" defaultValue="">
          <option value="">—</option>
          <StatusOptions />
        </select>
      </div>
      <div>
        <label htmlFor="bulk-reason">Reason (if lost)</label>
        <input className={CONTROL} id="bulk-reason" name="lostReason" maxLength={LOST_REASON_MAX_LENGTH} />
      </div>
      <button type="submit" className={INBOX_BUTTON}>
        Run bulk action
      </button>
    </>
  );
  const form = {
    id: BULK_FORM_ID,
    method: "post",
    action: href("/dashboard/bulk"),
    "aria-label": "Bulk actions",
  };
  // The list's rows go inside the form, so their fifty boxes need no form attribute.
  return children === undefined ? (
    <form {...form} className="bulk-bar">
      {bar}
    </form>
  ) : (
    <form {...form}>
      {children}
      <div className="bulk-bar">{bar}</div>
    </form>
  );
}
