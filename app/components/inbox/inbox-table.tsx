import { href, Link } from "react-router";
import { DEAL_SIZE_LABELS, INTEREST_LABELS, isDealSize, isInterest } from "~/content/inquiry-options";
import { isLeadStatus, LEAD_STATUS_LABELS } from "~/content/lead-desk";
import type { InboxRow } from "~/lib/inbox/inbox-row";
import { formatInquiryReference } from "~/lib/inbox/inquiry-reference";
import { replyState } from "~/lib/inbox/reply-deadline";
import { BULK_FORM_ID } from "./lead-line";
import { formatAge } from "./relative-time";

const LAST_FROM_LABELS = { us: "Ours", them: "Theirs" } as const;

/**
 * The compact list: one row per lead. Styled by structure in app.css
 * (.inbox-table): a table from md, stacked rows below it. Each row's
 * checkbox joins the bulk form; its name links to the lead page. The
 * keyboard island finds rows by `data-row` and their links and boxes by
 * their place in the row.
 */
export function InboxTable({
  rows,
  now,
  selected,
}: {
  rows: InboxRow[];
  now: number;
  selected: Set<string>;
}) {
  return (
    <table className="inbox-table">
      <caption className="sr-only">Submissions</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">Select</span>
          </th>
          <th scope="col">Reference</th>
          <th scope="col">Lead</th>
          <th scope="col">Interest</th>
          <th scope="col">Deal size</th>
          <th scope="col">Status</th>
          <th scope="col">Owner</th>
          <th scope="col">Age</th>
          <th scope="col">Last message</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <InboxTableRow key={row.id} row={row} now={now} selected={selected.has(row.id)} />
        ))}
      </tbody>
    </table>
  );
}

function InboxTableRow({ row, now, selected }: { row: InboxRow; now: number; selected: boolean }) {
  const state = replyState(row, new Date(now));
  const created = new Date(row.createdAt);
  return (
    // data-row empty: the keyboard reads the id from the checkbox (fifty ids less in the page).
    <tr data-row="" data-unread={row.unread ? "true" : undefined}>
      <td>
        <input
          type="checkbox"
          name="ids"
          value={row.id}
          form={BULK_FORM_ID}
          defaultChecked={selected}
          aria-label={`Select ${row.name}`}
        />
      </td>
      <td>{formatInquiryReference(row.id)}</td>
      <th scope="row">
        <Link to={href("/dashboard/inquiries/:id", { id: row.id })} discover="none">
          {row.name}
        </Link>
        {row.unread ? <b>Unread</b> : null}
        {row.company ? <span>{row.company}</span> : null}
      </th>
      <td>{row.interest && isInterest(row.interest) ? INTEREST_LABELS[row.interest] : "—"}</td>
      <td>{row.dealSize && isDealSize(row.dealSize) ? DEAL_SIZE_LABELS[row.dealSize] : "—"}</td>
      <td>{isLeadStatus(row.status) ? LEAD_STATUS_LABELS[row.status] : row.status}</td>
      <td>{row.owner ?? "Unassigned"}</td>
      <td>
        {formatAge(created, now)}
        {/* Coloured by app.css: a mark is overdue unless it says it is due soon. */}
        {state === "overdue" ? <b>Overdue</b> : null}
        {state === "due-soon" ? <b className="due-soon">Due soon</b> : null}
      </td>
      <td>{LAST_FROM_LABELS[row.lastFrom]}</td>
    </tr>
  );
}
