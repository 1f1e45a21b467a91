import { Form, Link, useFetcher, useLocation } from "react-router";
import { Toaster } from "~/components/toast";
import { dashboardPage } from "~/content/account-pages";
import type { InboxIntent, InboxStatus } from "~/forms/inbox";
import type { InboxCard } from "~/lib/inquiries/inquiry";
import { cardButtonClass } from "~/components/inbox/card-button";
import { ContactLines } from "~/components/inbox/contact-lines";
import { DeleteDialog } from "~/components/inbox/delete-dialog";
import type { CssIconName } from "~/components/css-icons";
import { replyMailto, whatsappChatUrl, withSearchParam } from "~/components/inbox/inquiry-links";
import { InquiryLine } from "~/components/inbox/inquiry-line";
import { LEAD_CHANNEL_LABELS } from "~/content/lead-channels";
import { NotesSection } from "~/components/inbox/notes-section";
import { RelativeTime } from "~/components/inbox/relative-time";

const { actions } = dashboardPage;
/** The buttons of the action row (.inbox-actions), which styles them as btn. */
const IN_ROW = { inRow: true };

function IntentButton({
  intent,
  icon,
  children,
  variant = "secondary",
}: {
  intent: InboxIntent;
  icon: CssIconName;
  children: React.ReactNode;
  variant?: "primary" | "secondary";
}) {
  return (
    <button name="intent" value={intent} className={cardButtonClass(variant, `icon-${icon}`, IN_ROW)}>
      {children}
    </button>
  );
}

/** Its buttons are plain POST forms; with JavaScript a fetcher, and the card shows the outcome before the server answers. */
export function InquiryCard({
  item,
  now,
  status,
  editing,
  confirmingDelete,
  selected = false,
}: {
  item: InboxCard;
  now: number;
  status: InboxStatus;
  editing: boolean;
  confirmingDelete: boolean;
  /** Checked for the bulk form (a refused bulk action keeps the selection). */
  selected?: boolean;
}) {
  const location = useLocation();
  const fetcherKey = `inquiry-${item.id}`;
  const fetcher = useFetcher<{ toast?: { title: string; description?: string } }>({ key: fetcherKey });
  const pending = fetcher.formData;
  const pendingIntent = pending?.get("intent");

  const leaving =
    pendingIntent === "delete" ||
    (pendingIntent === "mark-spam" && status !== "spam") ||
    (pendingIntent === "mark-not-spam" && (status === "spam" || status === "held")) ||
    (pendingIntent === "mark-read" && status === "unread") ||
    (pendingIntent === "mark-unread" && status === "read");
  if (leaving) return null;

  const unread =
    pendingIntent === "mark-read" ? false : pendingIntent === "mark-unread" ? true : !item.readAt;
  const savingNotes = pendingIntent === "save-notes";
  const notes = savingNotes ? String(pending?.get("notes") ?? "").trim() || null : (item.adminNotes ?? null);
  const whatsapp = whatsappChatUrl(item.whatsapp);
  const closeHref = withSearchParam(withoutParam(location, "delete"), "edit", null);

  // The few semantic classes of app.css: a 25-card page would repeat the same utilities on each element.
  return (
    // data-row and tabIndex: the keyboard's j/k move focus from card to card (inbox-keyboard.tsx).
    <article aria-label={item.name} data-unread={unread ? "true" : undefined} data-row="" tabIndex={-1}>
      <header>
        <h2>{item.name}</h2>
        {unread ? <span className="inbox-badge">{dashboardPage.unreadBadge}</span> : null}
        {item.channel ? (
          <span className="inbox-badge" data-testid="channel-flag">
            {LEAD_CHANNEL_LABELS[item.channel]}
          </span>
        ) : null}
        {item.held ? (
          <span className="inbox-badge inbox-badge-spam">Held for review</span>
        ) : item.isSpam ? (
          <span className="inbox-badge inbox-badge-spam">Spam</span>
        ) : null}
        {item.sanctions ? (
          <span className="inbox-badge inbox-badge-spam" data-testid="sanctions-flag">
            {item.sanctions === "blocked" ? "Blocked: sanctions match" : "Sanctions: possible match"}
          </span>
        ) : null}
        <RelativeTime date={item.createdAt} now={now} />
      </header>

      <InquiryLine item={item} now={now} selected={selected} />
      <ContactLines item={item} />

      <blockquote>{item.message}</blockquote>

      {!unread && item.readAt && pendingIntent !== "mark-read" ? (
        <p className="inbox-read">
          {`Read by ${item.readByName ?? "a former admin"} `}
          <RelativeTime date={item.readAt} now={now} brief />
        </p>
      ) : null}

      <NotesSection
        id={item.id}
        notes={notes}
        updatedAt={item.notesUpdatedAt ?? null}
        updatedByName={item.notesUpdatedByName ?? null}
        editing={editing && !savingNotes}
        editHref={withSearchParam(withoutParam(location, "delete"), "edit", item.id)}
        closeHref={closeHref}
        fetcherKey={fetcherKey}
        now={now}
      />

      <div className="inbox-actions">
        {/* fetcher.Form, written out to say that the dashboard's own route has nothing to discover. */}
        <Form method="post" navigate={false} fetcherKey={fetcherKey} discover="none">
          <input type="hidden" name="id" value={item.id} />
          {unread ? (
            <IntentButton intent="mark-read" icon="check" variant="primary">
              {actions.markAsRead}
            </IntentButton>
          ) : (
            <IntentButton intent="mark-unread" icon="mail-open">
              Mark as Unread
            </IntentButton>
          )}
          {item.isSpam ? (
            <IntentButton intent="mark-not-spam" icon="shield-check">
              Not Spam
            </IntentButton>
          ) : null}
          {item.isSpam && !item.held ? null : (
            <IntentButton intent="mark-spam" icon="shield-alert">
              Mark as Spam
            </IntentButton>
          )}
        </Form>
        <a href={replyMailto(item)} className={cardButtonClass("secondary", "icon-mail", IN_ROW)}>
          {actions.replyByEmail}
        </a>
        {whatsapp ? (
          <a
            href={whatsapp}
            target="_blank"
            // noreferrer implies noopener.
            rel="noreferrer"
            // One note for the 25 cards of a page (NewTabNote) instead of a hidden span in each.
            aria-describedby={NEW_TAB_NOTE_ID}
            className={cardButtonClass("secondary", "icon-message whatsapp", IN_ROW)}
          >
            {actions.whatsapp}
          </a>
        ) : null}
        <Link
          to={withSearchParam(withoutParam(location, "edit"), "delete", item.id)}
          preventScrollReset
          replace
          discover="none"
          className={cardButtonClass("secondary", "btn-danger icon-trash", IN_ROW)}
        >
          Delete
        </Link>
      </div>

      {confirmingDelete ? (
        <DeleteDialog id={item.id} name={item.name} fetcherKey={fetcherKey} cancelHref={closeHref} />
      ) : null}
      <Toaster toast={fetcher.state === "idle" ? fetcher.data?.toast : undefined} />
    </article>
  );
}

const NEW_TAB_NOTE_ID = "new-tab-note";

/** The description of the cards' links that open a new tab; rendered once, beside the cards. */
export function NewTabNote() {
  return (
    <span id={NEW_TAB_NOTE_ID} hidden>
      Opens in a new tab
    </span>
  );
}

function withoutParam(location: { pathname: string; search: string }, name: string) {
  const params = new URLSearchParams(location.search);
  params.delete(name);
  const query = params.toString();
  return { pathname: location.pathname, search: query ? `?${query}` : "" };
}
