import { formatUkTime } from "~/lib/uk-time";
import { deskLabel } from "~/content/desk-labels";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { LICENCE_CHECK_RESULTS, LICENCE_TYPES } from "~/content/licence-checks";

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function formatWhen(date: Date | string | number): string {
  return `${when.format(new Date(date))} GMT`;
}

const statusLabel = (value: unknown) => deskLabel.leadStatus(String(value ?? ""));

interface TimelineItem {
  id: string;
  kind: string;
  actorName: string | null;
  actorId: string | null;
  details: Record<string, unknown>;
  createdAt: Date | string;
}

const ukTime = (value: unknown) => (typeof value === "string" ? formatUkTime(new Date(value)) : "");

/** Entries whose line needs no details. */
const FIXED: Record<string, string> = {
  notified: "Team notified (delivered)",
  "notify-failed": "Team notification failed",
  read: "Marked as read",
  unread: "Marked as unread",
  spam: "Marked as spam",
  "notes-edited": "Notes edited",
  unassigned: "Unassigned",
  "reply-sent": "Reply sent",
  "reply-delivered": "Reply delivered",
  "reply-failed": "Reply could not be delivered",
  "overdue-alerted": "Overdue alert sent",
  "message-received": "Message received from the lead",
  "message-confirmed": "Held message confirmed as part of the conversation",
  "auto-reply-received": "Automatic reply received (out of office or similar)",
};

/** One line per entry; ids in details are shown as names where the page knows them. */
function describe(entry: TimelineItem, names: Map<string, string>): string {
  const { details } = entry;
  const name = (id: unknown) => (typeof id === "string" ? (names.get(id) ?? "a former admin") : "");
  switch (entry.kind) {
    case "received":
      return details.held
        ? "Received (held for review: sent very quickly)"
        : details.spam
          ? "Received (filed as spam)"
          : "Received";
    case "not-spam":
      return details.held ? "Released from held for review" : "Moved back to the inbox";
    case "assigned":
      return `Assigned to ${name(details.to)}`;
    case "status-changed":
      return `Status ${statusLabel(details.from)} → ${statusLabel(details.to)}${
        details.reason ? ` (reason: ${String(details.reason)})` : ""
      }${details.cause === "first-reply" ? " on the first reply" : ""}`;
    case "replied-outside":
      return `Marked as replied (${deskLabel.replyChannel(String(details.channel ?? "email"))})`;
    // The follow-up's text is never in the timeline: only its time and owner.
    case "follow-up-set":
      return `Follow-up set for ${ukTime(details.dueAt)}, owner ${name(details.ownerId)}`;
    case "follow-up-moved":
      return `Follow-up moved from ${ukTime(details.previousDueAt)} to ${ukTime(details.dueAt)}, owner ${name(details.ownerId)}`;
    case "follow-up-done":
      return `Follow-up done (was due ${ukTime(details.dueAt)})`;
    case "follow-up-reminded":
      return `Follow-up reminder mailed to ${name(details.ownerId)}`;
    case "message-held":
      return details.reason === "authentication-failed"
        ? "Message held: its sender failed our mail server's checks"
        : "Message held: not from the lead's address";
    case "upload-received":
      return `File received from the client (${String(details.format ?? "")})`;
    case "upload-refused":
      return `File refused: the virus scanner found ${String(details.signature ?? "a threat")}`;
    case "upload-downloaded":
      return "File downloaded";
    case "attachment-refused":
      return `${details.channel === "whatsapp" ? "WhatsApp file" : "Email attachment"} refused: the virus scanner found ${String(details.signature ?? "a threat")}, and the file was deleted`;
    case "sanctions-decision":
      return `UK Sanctions List entry ${String(details.entry)}: ${
        details.decision === "confirmed_match" ? "confirmed match (lead blocked)" : "false positive"
      }`;
    case "licence-checked":
      return `Licence checked: ${licenceCheckSummary(details)}`;
    case "whatsapp-moved-out":
      return `WhatsApp message moved to ${formatInquiryReference(String(details.to ?? ""))}`;
    case "whatsapp-moved-in":
      return `WhatsApp message moved here from ${formatInquiryReference(String(details.from ?? ""))}`;
    case "delivery-report-received":
      return details.failed ? "Delivery failure report received" : "Delivery report received";
    default:
      return FIXED[entry.kind] ?? entry.kind;
  }
}

/** The type and result of a recorded licence check, from the event's details. */
function licenceCheckSummary(details: Record<string, unknown>): string {
  const type = LICENCE_TYPES[details.licenceType as keyof typeof LICENCE_TYPES]?.label ?? "licence";
  const result = LICENCE_CHECK_RESULTS[details.result as keyof typeof LICENCE_CHECK_RESULTS] ?? "";
  return `${type}, ${result.toLowerCase()}`;
}

export function InquiryTimeline({
  entries,
  admins,
  notesVersions = [],
}: {
  entries: TimelineItem[];
  admins: { id: string; name: string }[];
  /** The notes' texts, shown under the edit that wrote each (the entry holds only the version's id). */
  notesVersions?: readonly NotesVersionItem[];
}) {
  const names = new Map(admins.map((admin) => [admin.id, admin.name]));
  const versions = new Map(notesVersions.map((version) => [version.id, version.notes]));
  const shown = withUnnamedVersions(entries, notesVersions);
  return (
    <ol className="space-y-2 border-l border-line pl-4 text-sm" data-testid="timeline">
      {shown.map((entry) => (
        <li key={entry.id} data-kind={entry.kind}>
          <span className="font-medium text-ink">{describe(entry, names)}</span>
          <span className="text-ink-subtle">
            {" "}
            · {entry.actorName ?? (entry.actorId ? "a former admin" : "the system")} ·{" "}
            {formatWhen(entry.createdAt)}
          </span>
          {entry.kind === "notes-edited" && typeof entry.details.versionId === "string" ? (
            <NotesVersionText text={versions.get(entry.details.versionId)} />
          ) : null}
        </li>
      ))}
    </ol>
  );
}

interface NotesVersionItem {
  id: string;
  notes: string | null;
  authorId: string | null;
  authorName: string | null;
  createdAt: Date | string;
}

/** Versions no entry names (kept before versions were) join the timeline at their own time. */
function withUnnamedVersions(entries: TimelineItem[], versions: readonly NotesVersionItem[]): TimelineItem[] {
  const named = new Set(entries.map((entry) => entry.details.versionId).filter(Boolean));
  const unnamed = versions
    .filter((version) => !named.has(version.id))
    .map((version): TimelineItem => ({
      id: `notes-${version.id}`,
      kind: "notes-edited",
      actorName: version.authorName,
      actorId: version.authorId,
      details: { versionId: version.id },
      createdAt: version.createdAt,
    }));
  if (unnamed.length === 0) return entries;
  const time = (entry: TimelineItem) => new Date(entry.createdAt).getTime();
  // A stable sort: entries of the same instant keep their order.
  return [...entries, ...unnamed].sort((a, b) => time(a) - time(b));
}

function NotesVersionText({ text }: { text: string | null | undefined }) {
  if (text === undefined) return null;
  if (text === null) return <p className="mt-1 text-ink-subtle italic">Notes cleared</p>;
  return (
    <blockquote className="mt-1 border-l-2 border-line-soft pl-3 whitespace-pre-wrap text-ink-muted">
      {text}
    </blockquote>
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
