import { href, Link } from "react-router";
import { DEAL_SIZE_LABELS, INTEREST_LABELS, isDealSize, isInterest } from "~/content/inquiry-options";
import { isInquiryStatus, INQUIRY_STATUS_LABELS } from "~/content/inquiry-desk";
import {
  type FlaggedSanctionsStatus,
  type InboxRow,
  formatInquiryReference,
  replyState,
} from "~/lib/inquiries/inquiry";
import { LEAD_CHANNEL_LABELS } from "~/content/lead-channels";
import { formatAge } from "~/components/inbox/relative-time";

/** The columns after the box, with their widths from xl (the name's column takes what is left). */
const COLUMNS = [
  ["Reference", "xl:w-30"],
  ["Lead", undefined],
  ["Interest", "xl:w-32"],
  ["Deal size", "xl:w-38"],
  ["Status", "xl:w-24"],
  ["Owner", "xl:w-28"],
  ["Age", "xl:w-38"],
  ["Last message", "xl:w-24"],
] as const;

const LAST_FROM_LABELS = { us: "Ours", them: "Theirs" } as const;

/** A row as it reads: every cell's text, computed from an InboxRow. */
export interface InboxRowView {
  id: string;
  name: string;
  unread: boolean;
  company?: string;
  interest: string;
  dealSize: string;
  status: string;
  owner: string;
  age: string;
  mark?: "overdue" | "due-soon";
  lastFrom: string;
  sanctions?: FlaggedSanctionsStatus;
  channel?: "whatsapp";
}

export function toInboxRowView(row: InboxRow, now: number): InboxRowView {
  const state = replyState(row, new Date(now));
  const view: InboxRowView = {
    id: row.id,
    name: row.name,
    unread: row.unread === true,
    interest: row.interest && isInterest(row.interest) ? INTEREST_LABELS[row.interest] : "—",
    dealSize: row.dealSize && isDealSize(row.dealSize) ? DEAL_SIZE_LABELS[row.dealSize] : "—",
    status: isInquiryStatus(row.status) ? INQUIRY_STATUS_LABELS[row.status] : row.status,
    owner: row.owner ?? "Unassigned",
    age: formatAge(new Date(row.createdAt), now),
    lastFrom: LAST_FROM_LABELS[row.lastFrom],
  };
  if (row.company) view.company = row.company;
  if (row.sanctions) view.sanctions = row.sanctions;
  if (row.channel) view.channel = row.channel;
  if (state === "overdue" || state === "due-soon") view.mark = state;
  return view;
}

/** Inside the bulk form: its rows' checkboxes are the form's selection. The keyboard finds rows by `data-row`. */
export function InboxTable({ rows, selected }: { rows: InboxRowView[]; selected: Set<string> }) {
  return (
    <table className="inbox-table">
      <caption className="sr-only">Submissions</caption>
      {/* A thead's th heads its column without saying so. */}
      <thead>
        <tr>
          <th className="xl:w-9">
            <span className="sr-only">Select</span>
          </th>
          {COLUMNS.map(([label, width]) => (
            <th key={label} className={width}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <InboxTableRow key={row.id} row={row} selected={selected.has(row.id)} />
        ))}
      </tbody>
    </table>
  );
}

function InboxTableRow({ row, selected }: { row: InboxRowView; selected: boolean }) {
  return (
    // data-row empty: the keyboard reads the id from the checkbox (fifty ids less in the page).
    <tr data-row="" data-unread={row.unread ? "true" : undefined}>
      <td>
        <input
          type="checkbox"
          name="ids"
          value={row.id}
          defaultChecked={selected}
          aria-label={`Select ${row.name}`}
        />
      </td>
      <td>{formatInquiryReference(row.id)}</td>
      <th scope="row">
        <Link to={href("/dashboard/inquiries/:id", { id: row.id })}>{row.name}</Link>
        {row.unread ? <b>Unread</b> : null}
        {row.channel ? <b data-testid="channel-flag">{LEAD_CHANNEL_LABELS[row.channel]}</b> : null}
        {row.sanctions ? (
          <b data-testid="sanctions-flag">
            {row.sanctions === "blocked" ? "Blocked: sanctions" : "Sanctions check"}
          </b>
        ) : null}
        {row.company !== undefined ? <span>{row.company}</span> : null}
      </th>
      <td>{row.interest}</td>
      <td>{row.dealSize}</td>
      <td>{row.status}</td>
      <td>{row.owner}</td>
      <td>
        {row.age}
        {/* Coloured by app.css: a mark is overdue unless it says it is due soon. */}
        {row.mark === "overdue" ? <b>Overdue</b> : null}
        {row.mark === "due-soon" ? <b className="due-soon">Due soon</b> : null}
      </td>
      <td>{row.lastFrom}</td>
    </tr>
  );
}
