import { Link, useFetcher, useLocation } from "react-router";
import { Toaster } from "~/components/toast";
import { Badge } from "~/components/ui/badge";
import { dashboardPage } from "~/content/account-pages";
import type { InboxIntent, InboxStatus } from "~/forms/inbox";
import type { InboxItem } from "~/lib/inbox/inbox.server";
import { cardButtonClass } from "./card-button";
import { ContactLines } from "./contact-lines";
import { DeleteDialog } from "./delete-dialog";
import { InboxIcon } from "./inbox-icons";
import { replyMailto, whatsappChatUrl, withSearchParam } from "./inquiry-links";
import { LeadLine } from "./lead-line";
import { NotesSection } from "./notes-section";
import { RelativeTime } from "./relative-time";

const { actions } = dashboardPage;

function IntentButton({
  intent,
  children,
  variant = "secondary",
}: {
  intent: InboxIntent;
  children: React.ReactNode;
  variant?: "primary" | "secondary";
}) {
  return (
    <button type="submit" name="intent" value={intent} className={cardButtonClass(variant)}>
      {children}
    </button>
  );
}

/**
 * One inquiry. Its buttons are plain POST forms (they work without
 * JavaScript); with it they go through a fetcher, and the card shows the
 * outcome before the server answers.
 */
export function InquiryCard({
  item,
  now,
  status,
  editing,
  confirmingDelete,
}: {
  item: InboxItem;
  now: number;
  status: InboxStatus;
  editing: boolean;
  confirmingDelete: boolean;
}) {
  const location = useLocation();
  const fetcherKey = `inquiry-${item.id}`;
  const fetcher = useFetcher<{ toast?: { title: string; description?: string } }>({ key: fetcherKey });
  const pending = fetcher.formData;
  const pendingIntent = pending?.get("intent");

  const leaving =
    pendingIntent === "delete" ||
    (pendingIntent === "mark-spam" && status !== "spam") ||
    (pendingIntent === "mark-not-spam" && status === "spam") ||
    (pendingIntent === "mark-read" && status === "unread") ||
    (pendingIntent === "mark-unread" && status === "read");
  if (leaving) return null;

  const unread =
    pendingIntent === "mark-read" ? false : pendingIntent === "mark-unread" ? true : item.readAt === null;
  const savingNotes = pendingIntent === "save-notes";
  const notes = savingNotes ? String(pending?.get("notes") ?? "").trim() || null : item.adminNotes;
  const whatsapp = whatsappChatUrl(item.whatsapp);
  const closeHref = withSearchParam(withoutParam(location, "delete"), "edit", null);

  return (
    <article
      aria-labelledby={`inquiry-${item.id}-name`}
      data-unread={unread ? "true" : "false"}
      className={`rounded-xl border bg-white p-5 shadow-sm sm:p-6 ${
        unread ? "border-amber-400 ring-1 ring-amber-300" : "border-stone-200"
      }`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`inquiry-${item.id}-name`} className="text-lg font-semibold text-stone-900">
            {item.name}
          </h2>
          {unread ? <Badge tone="gold">{dashboardPage.unreadBadge}</Badge> : null}
          {item.isSpam ? <Badge tone="neutral">Spam</Badge> : null}
        </div>
        <p className="text-sm text-stone-600">
          <RelativeTime date={item.createdAt} now={now} />
        </p>
      </header>

      <LeadLine item={item} now={now} />

      <div className="mt-4">
        <ContactLines item={item} />
      </div>

      <p className="mt-4 rounded-lg border border-stone-100 p-4 text-sm whitespace-pre-wrap text-stone-900">
        {item.message}
      </p>

      {!unread && item.readAt && pendingIntent !== "mark-read" ? (
        <p className="mt-2 text-xs text-stone-500">
          Read by {item.readByName ?? "a former admin"} <RelativeTime date={item.readAt} now={now} />
        </p>
      ) : null}

      <div className="mt-4">
        <NotesSection
          id={item.id}
          notes={notes}
          updatedAt={item.notesUpdatedAt}
          updatedByName={item.notesUpdatedByName}
          editing={editing && !savingNotes}
          editHref={withSearchParam(withoutParam(location, "delete"), "edit", item.id)}
          closeHref={closeHref}
          fetcherKey={fetcherKey}
          now={now}
        />
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <fetcher.Form method="post" className="contents">
          <input type="hidden" name="id" value={item.id} />
          {unread ? (
            <IntentButton intent="mark-read" variant="primary">
              <InboxIcon name="check" />
              {actions.markAsRead}
            </IntentButton>
          ) : (
            <IntentButton intent="mark-unread">
              <InboxIcon name="mail-open" />
              Mark as Unread
            </IntentButton>
          )}
          {item.isSpam ? (
            <IntentButton intent="mark-not-spam">
              <InboxIcon name="shield-check" />
              Not Spam
            </IntentButton>
          ) : (
            <IntentButton intent="mark-spam">
              <InboxIcon name="shield-alert" />
              Mark as Spam
            </IntentButton>
          )}
        </fetcher.Form>
        <a href={replyMailto(item)} className={cardButtonClass("secondary")}>
          <InboxIcon name="mail" />
          {actions.replyByEmail}
        </a>
        {whatsapp ? (
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className={cardButtonClass("secondary")}
          >
            <InboxIcon name="message" className="size-4 text-emerald-700" />
            {actions.whatsapp}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        <Link
          to={withSearchParam(withoutParam(location, "edit"), "delete", item.id)}
          preventScrollReset
          replace
          className={cardButtonClass("ghost", "text-red-800 hover:bg-red-50")}
        >
          <InboxIcon name="trash" />
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

function withoutParam(location: { pathname: string; search: string }, name: string) {
  const params = new URLSearchParams(location.search);
  params.delete(name);
  const query = params.toString();
  return { pathname: location.pathname, search: query ? `?${query}` : "" };
}
