import { href } from "react-router";
import { deskLabel } from "~/content/desk-labels";
import { type InboxCard, replyState } from "~/lib/inquiries/inquiry";

/** The id of the one bulk form the cards' checkboxes belong to (BulkBar). */
export const BULK_FORM_ID = "bulk";

/** A card's desk line, kept to a few elements: the dashboard lists 25 cards. */
export function InquiryLine({ item, now, selected }: { item: InboxCard; now: number; selected: boolean }) {
  const state = replyState(item, new Date(now));
  return (
    // Styled in app.css as the line under a card's header, once for the 25 cards of a page.
    <p>
      <input
        type="checkbox"
        name="ids"
        value={item.id}
        form={BULK_FORM_ID}
        defaultChecked={selected || undefined}
        aria-label={`Select ${item.name}`}
      />
      {`${deskLabel.leadStatus(item.status)} · ${item.owner ?? "Unassigned"} · ${
        item.lastMessageBy === "desk" ? "Last: ours" : "Last: theirs"
      }`}
      {state === "overdue" ? <b className="text-danger-strong">Overdue</b> : null}
      {state === "due-soon" ? <b className="text-accent-deep">Due soon</b> : null}
      <a href={href("/dashboard/inquiries/:id", { id: item.id })}>Open lead</a>
    </p>
  );
}
