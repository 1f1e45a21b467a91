import { LEAD_STATUS_LABELS, isLeadStatus } from "~/content/lead-desk";

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function formatWhen(date: Date | string): string {
  return `${when.format(new Date(date))} GMT`;
}

const statusLabel = (value: unknown) =>
  typeof value === "string" && isLeadStatus(value) ? LEAD_STATUS_LABELS[value] : String(value ?? "");

export interface TimelineItem {
  id: string;
  kind: string;
  actorName: string | null;
  actorId: string | null;
  details: Record<string, unknown>;
  createdAt: Date | string;
}

/** One line per entry; ids in details are shown as names where the page knows them. */
function describe(entry: TimelineItem, names: Map<string, string>): string {
  const { details } = entry;
  const name = (id: unknown) => (typeof id === "string" ? (names.get(id) ?? "a former admin") : "");
  switch (entry.kind) {
    case "received":
      return details.spam ? "Received (filed as spam)" : "Received";
    case "notified":
      return "Team notified (delivered)";
    case "notify-failed":
      return "Team notification failed";
    case "read":
      return "Marked as read";
    case "unread":
      return "Marked as unread";
    case "spam":
      return "Marked as spam";
    case "not-spam":
      return "Moved back to the inbox";
    case "notes-edited":
      return "Notes edited";
    case "assigned":
      return `Assigned to ${name(details.to)}`;
    case "unassigned":
      return "Unassigned";
    case "status-changed":
      return `Status ${statusLabel(details.from)} → ${statusLabel(details.to)}${
        details.reason ? ` (reason: ${String(details.reason)})` : ""
      }${details.cause === "first-reply" ? " on the first reply" : ""}`;
    case "reply-sent":
      return "Reply sent";
    case "reply-delivered":
      return "Reply delivered";
    case "reply-failed":
      return "Reply could not be delivered";
    case "replied-outside":
      return `Marked as replied (${String(details.channel ?? "email")})`;
    case "overdue-alerted":
      return "Overdue alert sent";
    default:
      return entry.kind;
  }
}

export function LeadTimeline({
  entries,
  admins,
}: {
  entries: TimelineItem[];
  admins: { id: string; name: string }[];
}) {
  const names = new Map(admins.map((admin) => [admin.id, admin.name]));
  return (
    <ol className="space-y-2 border-l border-line pl-4 text-sm" data-testid="timeline">
      {entries.map((entry) => (
        <li key={entry.id} data-kind={entry.kind}>
          <span className="font-medium text-ink">{describe(entry, names)}</span>
          <span className="text-ink-subtle">
            {" "}
            · {entry.actorName ?? (entry.actorId ? "a former admin" : "the system")} ·{" "}
            {formatWhen(entry.createdAt)}
          </span>
        </li>
      ))}
    </ol>
  );
}

export interface ReplyItem {
  id: string;
  subject: string;
  body: string;
  to: string;
  sentByName: string | null;
  createdAt: Date | string;
  deliveredAt: Date | string | null;
  failedAt: Date | string | null;
}

export function deliveryLabel(reply: Pick<ReplyItem, "deliveredAt" | "failedAt">): string {
  if (reply.deliveredAt) return `Delivered ${formatWhen(reply.deliveredAt)}`;
  if (reply.failedAt) return `Failed ${formatWhen(reply.failedAt)}`;
  return "Queued";
}

/** Replies as sent; their text is shown as text, whatever it contains. */
export function ReplyList({ replies }: { replies: ReplyItem[] }) {
  if (replies.length === 0)
    return <p className="text-sm text-ink-subtle">No reply sent from the desk yet.</p>;
  return (
    <ul className="space-y-3">
      {replies.map((reply) => (
        <li key={reply.id} className="rounded-lg border border-line p-4" data-testid="reply">
          <p className="font-medium text-ink">{reply.subject}</p>
          <p className="text-xs text-ink-subtle">
            To {reply.to} · by {reply.sentByName ?? "a former admin"} · {formatWhen(reply.createdAt)} ·{" "}
            <span data-testid="delivery">{deliveryLabel(reply)}</span>
          </p>
          <p className="mt-2 text-sm whitespace-pre-wrap text-ink">{reply.body}</p>
        </li>
      ))}
    </ul>
  );
}
