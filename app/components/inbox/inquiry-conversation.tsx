import { Form, href } from "react-router";
import { Button } from "~/components/ui/button";
import { splitQuotedText } from "~/lib/conversation/quoted-text";
import { deliveryLabel, formatWhen, type ReplyItem } from "~/components/inbox/inquiry-timeline";
import { ChannelMark, type WhatsAppItem, WhatsAppMessage } from "~/components/inbox/whatsapp-message";
import { downloadable, scanNote } from "~/components/inbox/attachment-scan";

interface ConversationAttachmentItem {
  id: string;
  filename: string;
  size: number;
  kept: boolean;
  notKeptReason: string | null;
  /** pending, clean or infected; null when not kept. */
  scan: string | null;
  scanSignature: string | null;
}

interface ConversationMessageItem {
  id: string;
  kind: string;
  fromAddress: string;
  fromName: string | null;
  subject: string;
  body: string;
  sentAt: Date | string;
  authentication: Record<string, string>;
  /** Held until an admin confirms it as the sender's ("not-the-lead", "authentication-failed"). */
  heldReason?: string | null;
  attachments: ConversationAttachmentItem[];
}

type Entry =
  | { type: "inquiry"; at: number }
  | { type: "reply"; at: number; reply: ReplyItem & { deliveryError?: string | null } }
  | { type: "message"; at: number; message: ConversationMessageItem }
  | { type: "whatsapp"; at: number; message: WhatsAppItem };

const KIND_LABELS: Record<string, string> = {
  "auto-reply": "Automatic reply",
  "delivery-report": "Delivery report",
};

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The body as text; the quoted history behind a disclosure. React escapes every character of it. */
function MessageText({ body }: { body: string }) {
  const { own, quoted } = splitQuotedText(body);
  return (
    <div className="mt-2 space-y-2 text-sm text-ink">
      <p className="whitespace-pre-wrap">{own || "(no text)"}</p>
      {quoted ? (
        <details>
          <summary className="cursor-pointer text-xs text-ink-subtle">Quoted history</summary>
          <p className="mt-1 border-l-2 border-line pl-3 text-xs whitespace-pre-wrap text-ink-muted">
            {quoted}
          </p>
        </details>
      ) : null}
    </div>
  );
}

const HELD_LABELS: Record<string, string> = {
  "not-the-lead": "Held: sent from an address that is not the lead's.",
  "authentication-failed": "Held: the sender failed our mail server's checks (it may be forged).",
};

/** A held message neither reopened the inquiry nor restarted its clock; confirming it does both. */
function HeldMessage({ inquiryId, messageId, reason }: Record<"inquiryId" | "messageId" | "reason", string>) {
  return (
    <div
      className="mt-2 flex flex-wrap items-center gap-2 rounded bg-danger-wash p-2 text-xs text-danger-strong"
      data-testid="held-message"
    >
      <span>
        {HELD_LABELS[reason] ?? "Held for review."} Until confirmed, the lead does not await a reply.
      </span>
      <Form method="post">
        <input type="hidden" name="id" value={inquiryId} />
        <input type="hidden" name="messageId" value={messageId} />
        <Button type="submit" name="intent" value="confirm-message" variant="secondary">
          Confirm as the lead&apos;s
        </Button>
      </Form>
    </div>
  );
}

/** SPF, DKIM and DMARC as the receiving server judged them: a spoofed sender stands out. */
function Verdicts({ verdicts }: { verdicts: Record<string, string> }) {
  const methods = ["spf", "dkim", "dmarc"];
  // No verdict of our own mail server (MAIL_AUTHSERV_ID unset, or none on the message): nothing to show as checked.
  if (Object.keys(verdicts).length === 0) {
    return (
      <span
        className="rounded bg-danger-wash px-1.5 py-0.5 text-xs font-semibold text-danger-strong"
        data-testid="authentication"
      >
        Sender not verified
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="authentication">
      {methods.map((method) => {
        const verdict = verdicts[method] ?? "none";
        const good = verdict === "pass";
        return (
          <span
            key={method}
            className={`rounded px-1.5 py-0.5 text-xs font-semibold ${
              good ? "bg-success-wash text-success-deep" : "bg-danger-wash text-danger-strong"
            }`}
          >
            {`${method.toUpperCase()} ${verdict}`}
          </span>
        );
      })}
    </span>
  );
}

function Attachments({ inquiryId, items }: { inquiryId: string; items: ConversationAttachmentItem[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm" aria-label="Attachments">
      {items.map((item) => (
        <li key={item.id} data-testid="attachment" data-scan={item.scan ?? "none"}>
          {item.kept && downloadable(item.scan) ? (
            <a
              className="font-medium text-accent-strong underline"
              href={href("/dashboard/inquiries/:id/attachments/:attachmentId", {
                id: inquiryId,
                attachmentId: item.id,
              })}
              download
              rel="noreferrer"
            >
              {item.filename}
            </a>
          ) : (
            <span className="text-ink-muted">{item.filename}</span>
          )}
          <span className="text-ink-subtle">
            {` (${formatSize(item.size)})`}
            {item.kept ? scanNote(item.scan, item.scanSignature) : " – not kept: over the size limit"}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Oldest first. Everything is text: no markup, no remote content. */
export function InquiryConversation({
  inquiry,
  replies,
  messages,
  whatsapp = [],
}: {
  inquiry: { id: string; createdAt: Date | string; source: string; email: string };
  replies: (ReplyItem & { deliveryError?: string | null })[];
  messages: ConversationMessageItem[];
  whatsapp?: WhatsAppItem[];
}) {
  const time = (value: Date | string) => new Date(value).getTime();
  // A mail or WhatsApp message that started the inquiry is its first message: shown once, as itself.
  const startedBy = { email: messages.length, whatsapp: whatsapp.length }[inquiry.source] ?? 0;
  const entries: Entry[] = [
    ...(startedBy > 0 ? [] : [{ type: "inquiry" as const, at: time(inquiry.createdAt) }]),
    ...replies.map((reply) => ({ type: "reply" as const, at: time(reply.createdAt), reply })),
    ...messages.map((message) => ({ type: "message" as const, at: time(message.sentAt), message })),
    ...whatsapp.map((message) => ({ type: "whatsapp" as const, at: time(message.sentAt), message })),
  ].sort((a, b) => a.at - b.at);

  return (
    <ol className="space-y-3" data-testid="conversation">
      {entries.map((entry) => {
        if (entry.type === "inquiry") {
          return (
            <li
              key="inquiry"
              className="rounded-lg border border-line-soft p-4 text-sm"
              data-testid="conversation-inquiry"
            >
              <p className="font-medium text-ink">
                {inquiry.source === "email" ? "Inquiry by e-mail" : "Inquiry from the contact form"}
              </p>
              <p className="text-xs text-ink-subtle">
                From {inquiry.email} · {formatWhen(inquiry.createdAt)} · the message above
              </p>
            </li>
          );
        }
        if (entry.type === "whatsapp")
          return <WhatsAppMessage key={entry.message.id} inquiryId={inquiry.id} message={entry.message} />;
        if (entry.type === "reply") {
          const { reply } = entry;
          return (
            <li key={reply.id} className="rounded-lg border border-line p-4" data-testid="reply">
              <p className="font-medium text-ink">{reply.subject}</p>
              <p className="text-xs text-ink-subtle">
                <ChannelMark channel="email" /> Sent by {reply.sentByName ?? "a former admin"} to {reply.to} ·{" "}
                {formatWhen(reply.createdAt)} · <span data-testid="delivery">{deliveryLabel(reply)}</span>
                {reply.failedAt && reply.deliveryError ? ` (${reply.deliveryError})` : ""}
              </p>
              <MessageText body={reply.body} />
            </li>
          );
        }
        const { message } = entry;
        return (
          <li
            key={message.id}
            className="rounded-lg border border-accent-line/40 bg-surface-muted p-4"
            data-testid="received-message"
            data-kind={message.kind}
          >
            <p className="font-medium text-ink">
              {KIND_LABELS[message.kind] ? `${KIND_LABELS[message.kind]}: ` : ""}
              {message.subject || "(no subject)"}
            </p>
            <p className="flex flex-wrap items-center gap-2 text-xs text-ink-subtle">
              <ChannelMark channel="email" />
              <span>
                From {message.fromName ? `${message.fromName} <${message.fromAddress}>` : message.fromAddress}{" "}
                · {formatWhen(message.sentAt)}
              </span>
              <Verdicts verdicts={message.authentication} />
            </p>
            {message.heldReason ? (
              <HeldMessage inquiryId={inquiry.id} messageId={message.id} reason={message.heldReason} />
            ) : null}
            <MessageText body={message.body} />
            <Attachments inquiryId={inquiry.id} items={message.attachments} />
          </li>
        );
      })}
    </ol>
  );
}
