import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { DELETE_CONFIRMATION } from "~/forms/inquiry-page";
import { DeleteDialog } from "~/components/inbox/delete-dialog";
import { telHref, whatsappChatUrl, withSearchParam } from "~/components/inbox/inquiry-links";
import { formatWhen } from "~/components/inbox/inquiry-timeline";

export interface InquiryActionsItem {
  id: string;
  name: string;
  phone: string | null;
  whatsapp: string | null;
  readAt: Date | string | null;
  readByName: string | null;
  isSpam: boolean;
}

/** One button posting one intent about this inquiry; without JavaScript a plain POST. */
function IntentForm({ id, intent, label }: { id: string; intent: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value={intent} variant="secondary" size="small">
        {label}
      </Button>
    </Form>
  );
}

const instant = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/**
 * A live refresh is not an opening, so its data no longer says `openedAsRead`; the page keeps saying so
 * while the inquiry stays read from that opening.
 */
export function ReadState({ item, openedAsRead }: { item: InquiryActionsItem; openedAsRead: boolean }) {
  const [opening] = useState(() => (openedAsRead ? { id: item.id, readAt: instant(item.readAt) } : null));
  const readWhenOpened =
    openedAsRead || (opening !== null && opening.id === item.id && opening.readAt === instant(item.readAt));
  const text = !item.readAt
    ? "Not read yet"
    : readWhenOpened
      ? "Marked as read when you opened it"
      : `Read by ${item.readByName ?? "a former admin"} · ${formatWhen(item.readAt)}`;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="read-state">
      <p className={item.readAt ? "text-ink-muted" : "font-semibold text-accent-deep"}>{text}</p>
      <IntentForm
        id={item.id}
        intent={item.readAt ? "mark-unread" : "mark-read"}
        label={item.readAt ? "Mark as unread" : "Mark as read"}
      />
    </div>
  );
}

/** Tap to call, WhatsApp, spam and delete (with its confirmation step, `?delete=1`). */
export function InquiryActions({ item }: { item: InquiryActionsItem }) {
  const location = useLocation();
  const confirming = new URLSearchParams(location.search).has("delete");
  const call = telHref(item.phone);
  const chat = whatsappChatUrl(item.whatsapp);
  const callWhatsapp = item.whatsapp && item.whatsapp !== item.phone ? telHref(item.whatsapp) : null;
  const linkClass = buttonVariants({ variant: "secondary", size: "small" });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2" aria-label="Contact the lead" role="group">
        {call ? (
          <a href={call} className={linkClass}>
            {`Call ${item.phone}`}
          </a>
        ) : null}
        {callWhatsapp ? (
          <a href={callWhatsapp} className={linkClass}>
            {`Call ${item.whatsapp}`}
          </a>
        ) : null}
        {chat ? (
          <a href={chat} target="_blank" rel="noreferrer" className={linkClass}>
            WhatsApp <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2" aria-label="Inquiry actions" role="group">
        <IntentForm
          id={item.id}
          intent={item.isSpam ? "mark-not-spam" : "mark-spam"}
          label={item.isSpam ? "Not spam" : "Mark as spam"}
        />
        <Link
          to={withSearchParam(location, "delete", "1")}
          replace
          preventScrollReset
          className={buttonVariants({ variant: "ghost", size: "small" })}
        >
          Delete…
        </Link>
      </div>
      {confirming ? (
        <DeleteDialog
          id={item.id}
          name={item.name}
          fetcherKey={`lead-delete-${item.id}`}
          cancelHref={withSearchParam(location, "delete", null)}
        >
          <input type="hidden" name="confirm" value={DELETE_CONFIRMATION} />
        </DeleteDialog>
      ) : null}
    </div>
  );
}
