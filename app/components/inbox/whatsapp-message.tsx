import { Form, href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { formatWhen } from "~/components/inbox/inquiry-timeline";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { downloadable, scanNote } from "~/components/inbox/attachment-scan";

export interface WhatsAppItem {
  id: string;
  direction: string;
  type: string;
  body: string;
  waId: string | null;
  profileName: string | null;
  mediaMimeType: string | null;
  mediaFilename: string | null;
  mediaKept: boolean;
  mediaNotKeptReason: string | null;
  /** pending, clean or infected once kept; null before. */
  mediaScan: string | null;
  mediaScanSignature: string | null;
  possibleInquiryIds: string[];
  sentAt: Date | string;
  status: string | null;
  statusAt: Date | string | null;
  errorCode: number | null;
  errorTitle: string | null;
  templateName: string | null;
  sentByName: string | null;
}

const MEDIA_LABELS: Record<string, string> = {
  image: "Image",
  document: "Document",
  audio: "Voice note or audio",
  video: "Video",
  sticker: "Sticker",
};

const STATUS_LABELS: Record<string, string> = {
  queued: "Queued",
  accepted: "Accepted by WhatsApp",
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  failed: "Failed",
};

/** The channel every entry of the thread carries, so mail and WhatsApp read apart at a glance. */
export function ChannelMark({ channel }: { channel: "whatsapp" | "email" }) {
  return (
    <span
      className="rounded bg-surface-muted px-1.5 py-0.5 text-xs font-semibold text-ink-muted"
      data-testid="channel"
    >
      {channel === "whatsapp" ? "WhatsApp" : "E-mail"}
    </span>
  );
}

function DeliveryState({ message }: { message: WhatsAppItem }) {
  const label = STATUS_LABELS[message.status ?? "queued"] ?? message.status;
  const when = message.statusAt ? ` ${formatWhen(message.statusAt)}` : "";
  const error =
    message.status === "failed" && (message.errorCode !== null || message.errorTitle)
      ? ` (${[message.errorCode, message.errorTitle].filter((part) => part !== null).join(": ")})`
      : "";
  return (
    <span data-testid="whatsapp-status" data-status={message.status ?? "queued"}>
      {`${label}${when}${error}`}
    </span>
  );
}

/** One WhatsApp message in the thread: text as text; media named as an attachment; any other type said as such. */
const NOT_KEPT: Record<string, string> = {
  "too-large": "not kept: over the size limit",
  expired: "not kept: WhatsApp no longer had it",
};

/** Media as an attachment: a download once fetched into the store and scanned clean, else why it is not (yet). */
function MediaLine({
  inquiryId,
  message,
  label,
}: {
  inquiryId: string;
  message: WhatsAppItem;
  label: string;
}) {
  const name = `${label}${message.mediaFilename ? `: ${message.mediaFilename}` : ""}`;
  const state = message.mediaKept
    ? scanNote(message.mediaScan, message.mediaScanSignature)
    : message.mediaNotKeptReason
      ? ` – ${NOT_KEPT[message.mediaNotKeptReason] ?? "not kept"}`
      : " – being fetched";
  return (
    <p
      className="mt-2 text-sm text-ink-muted"
      data-testid="whatsapp-attachment"
      data-scan={message.mediaScan ?? "none"}
    >
      {message.mediaKept && downloadable(message.mediaScan) ? (
        <a
          className="font-medium text-accent-strong underline"
          href={href("/dashboard/inquiries/:id/whatsapp-media/:messageId", {
            id: inquiryId,
            messageId: message.id,
          })}
          download
          rel="noreferrer"
        >
          {name}
        </a>
      ) : (
        name
      )}
      {message.mediaMimeType ? ` (${message.mediaMimeType})` : ""}
      {state}
    </p>
  );
}

/**
 * A number on several inquiries is never merged on a guess: the message
 * started this one, and the desk may move it to one of the others.
 */
function AmbiguousSender({ inquiryId, message }: { inquiryId: string; message: WhatsAppItem }) {
  const action = href("/dashboard/inquiries/:id/whatsapp-move", { id: inquiryId });
  return (
    <div
      className="mt-2 rounded bg-danger-wash p-2 text-xs text-danger-strong"
      data-testid="whatsapp-ambiguous"
    >
      <p>
        This number is also on other inquiries, so it was not merged into any:{" "}
        {message.possibleInquiryIds.map((id, index) => (
          <span key={id}>
            {index > 0 ? ", " : ""}
            <Link className="underline" to={href("/dashboard/inquiries/:id", { id })}>
              {formatInquiryReference(id)}
            </Link>
          </span>
        ))}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {message.possibleInquiryIds.map((id) => (
          <li key={id}>
            <Form method="post" action={action}>
              <input type="hidden" name="id" value={inquiryId} />
              <input type="hidden" name="messageId" value={message.id} />
              <input type="hidden" name="to" value={id} />
              <Button type="submit" name="intent" value="whatsapp-move" variant="secondary">
                {`Move this message to ${formatInquiryReference(id)}`}
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function WhatsAppMessage({ inquiryId, message }: { inquiryId: string; message: WhatsAppItem }) {
  const incoming = message.direction === "in";
  const media = MEDIA_LABELS[message.type];
  const known = message.type === "text" || message.type === "template" || media !== undefined;
  const from = incoming
    ? `${message.profileName ?? "The lead"}${message.waId ? ` (+${message.waId})` : ""}`
    : `${message.sentByName ?? (message.templateName ? "the desk" : "the desk (automatic)")}`;
  return (
    <li
      className={`rounded-lg border p-4 ${incoming ? "border-accent-line/40 bg-surface-muted" : "border-line"}`}
      data-testid="whatsapp-message"
      data-direction={message.direction}
    >
      <p className="flex flex-wrap items-center gap-2 text-xs text-ink-subtle">
        <ChannelMark channel="whatsapp" />
        <span>
          {incoming ? "From" : "Sent by"} {from} · {formatWhen(message.sentAt)}
          {message.templateName ? ` · template ${message.templateName}` : ""}
        </span>
        {incoming ? null : <DeliveryState message={message} />}
      </p>
      {media ? <MediaLine inquiryId={inquiryId} message={message} label={media} /> : null}
      {known ? null : (
        <p className="mt-2 text-sm text-ink-muted" data-testid="whatsapp-unsupported">
          {`A "${message.type}" message, which the desk does not show: see it in WhatsApp.`}
        </p>
      )}
      {message.body ? <p className="mt-2 text-sm whitespace-pre-wrap text-ink">{message.body}</p> : null}
      {message.possibleInquiryIds.length > 0 ? (
        <AmbiguousSender inquiryId={inquiryId} message={message} />
      ) : null}
    </li>
  );
}
