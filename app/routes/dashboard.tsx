import {
  data,
  href,
  Link,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "react-router";
import { InboxFilters, InboxPagination } from "~/components/inbox/inbox-filters";
import { NewTabNote } from "~/components/inbox/inquiry-card";
import { InboxSubmissions } from "~/components/inbox/inbox-submissions";
import { useNow } from "~/components/inbox/relative-time";
import { useLiveInboxData } from "~/components/inbox/use-inbox-events";
import { errorToast, Toaster } from "~/components/toast";
import { dashboardPage } from "~/content/account-pages";
import {
  INBOX_ACTION_DONE,
  InboxActionSchema,
  type InboxFilter,
  type InboxLayout,
  pageSizeOf,
  parseInboxFilter,
} from "~/forms/inbox";
import { type FieldErrors, parseForm } from "~/forms/parse-form";
import { guardedUser } from "~/lib/http/guards.server";
import { listAssignableAdmins } from "~/lib/inquiries/changes.server";
import {
  computeReplyMetrics,
  countInquiries,
  countSpamAndHeldOnce,
  countUnreadOnce,
} from "~/lib/inquiries/counts.server";
import { runInquiryAction } from "~/lib/inquiries/inquiry-actions.server";
import { selectInquiryPage, toInboxPage, selectInquiryRowPage } from "~/lib/inquiries/inquiries.server";
import { toInboxCard, toInboxRow } from "~/lib/inquiries/inquiry";
import { readInboxLayout } from "~/lib/workspace/preferences.server";
import { toInboxRowView } from "~/components/inbox/inbox-table";
import { InboxKeyboard } from "~/components/inbox/inbox-keyboard";
import { BulkBar } from "~/components/inbox/bulk-bar";
import { ReplyMetricsPanel } from "~/components/inbox/reply-metrics-panel";
import { logFailure } from "~/lib/ops/failure-reference.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/dashboard";
import { readFormData } from "~/lib/http/form-data.server";
import { databaseContext } from "~/lib/context.server";
import type { Db } from "~/lib/db/db.server";

export const handle = { hydrate: true };

/** The tab title carries the unread count, so a background tab shows new inquiries. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const unread = loaderData?.unread ?? 0;
  return routeMeta("/dashboard", dashboardPage.meta, matches).map((descriptor) =>
    "title" in descriptor && unread > 0 ? { title: `(${unread}) ${String(descriptor.title)}` } : descriptor,
  );
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const filter = parseInboxFilter(new URL(request.url).searchParams);
  const now = Date.now();
  try {
    const { db } = context.get(databaseContext);
    const layout = await readInboxLayout(db, user.id);
    const [page, unread, metrics, admins, spamCounts] = await Promise.all([
      loadInboxPage(db, filter, layout, user.id),
      countUnreadOnce(context),
      computeReplyMetrics(db, new Date(now)),
      listAssignableAdmins(db),
      countSpamAndHeldOnce(context),
    ]);
    const assignable = admins.map(({ id, name }) => ({ id, name }));
    return {
      ...page,
      unread,
      layout,
      viewerId: user.id,
      filter,
      now,
      metrics,
      admins: assignable,
      spamCounts,
    };
  } catch (error) {
    // To the workspace's error boundary, with the reference and never the database's message.
    throw data(dashboardPage.messages.fetchFailed(logFailure(error, "could not list inquiries")), {
      status: 500,
    });
  }
}

/** The layout's page and the view's counts: the list reads only the columns its rows show. */
async function loadInboxPage(db: Db, filter: InboxFilter, layout: InboxLayout, viewerId: string) {
  const pageSize = pageSizeOf(layout);
  const list = layout === "list";
  const [rows, cards, total] = await Promise.all([
    list ? selectInquiryRowPage(db, filter, pageSize, viewerId) : [],
    list ? [] : selectInquiryPage(db, filter, pageSize, viewerId),
    countInquiries(db, filter, viewerId),
  ]);
  const rowItems = rows.map(toInboxRow);
  const { items: _, ...page } = toInboxPage<{ createdAt: Date | number }>(
    list ? rowItems : cards,
    total,
    filter,
    pageSize,
  );
  return { ...page, items: cards.map(toInboxCard), rows: rowItems };
}

function failure(description: string, status: number, fieldErrors: FieldErrors = {}) {
  return data({ toast: errorToast(description), fieldErrors }, { status });
}

/** A view's query without what opens an editor or a confirmation (and, after a post, React Router's and the selection). */
function viewParams(search: string, also: string[] = []): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const name of ["edit", "delete", ...also]) params.delete(name);
  return params;
}

/** Back to the view the admin was on, with any editor or confirmation closed. */
function backUrl(request: Request): string {
  const query = viewParams(new URL(request.url).search, ["index", "selected"]).toString();
  return query ? `${href("/dashboard")}?${query}` : href("/dashboard");
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const parsed = parseForm(InboxActionSchema, await readFormData(request));
  if (!parsed.ok) return failure(parsed.first, 400, parsed.fieldErrors);
  const failed = await runInquiryAction(context, parsed.data, user.id);
  if (failed) return failure(failed.description, failed.status);
  return redirectWithToast(context, backUrl(request), { title: INBOX_ACTION_DONE[parsed.data.intent] });
}

/** Opening an editor or a confirmation changes only the URL, not the data. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = viewParams(url.search);
    params.sort();
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
}

export default function Dashboard() {
  const {
    layout,
    viewerId,
    items,
    rows,
    total,
    unread,
    filter,
    pageCount,
    asOf,
    now: serverNow,
    metrics,
    admins,
    spamCounts,
  } = useLiveInboxData(useLoaderData<typeof loader>());
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const now = useNow(serverNow);

  const loading = navigation.state === "loading" && navigation.location.pathname === "/dashboard";
  const editId = searchParams.get("edit");
  const deleteId = searchParams.get("delete");
  // A refused bulk action comes back with what was selected (dashboard.bulk.tsx).
  const selected = new Set(searchParams.getAll("selected"));
  const rowViews = rows.map((row) => toInboxRowView(row, now));
  const empty = layout === "list" ? rowViews.length === 0 : items.length === 0;
  const filtered = filter.status !== "all" || Boolean(filter.interest || filter.dealSize || filter.q);

  const bulk = { filter, total, shownAt: new Date(serverNow).toISOString(), admins };
  const statusLine = (
    <p role="status" aria-live="polite" className="inbox-status">
      {loading ? dashboardPage.loading : null}
    </p>
  );
  const submissions = (
    <InboxSubmissions
      layout={layout}
      loading={loading}
      filter={filter}
      filtered={filtered}
      rows={rowViews}
      cards={items}
      now={now}
      editId={editId}
      deleteId={deleteId}
      selected={selected}
    />
  );

  return (
    <main id="main" className="inbox-page">
      <header className="inbox-head">
        <h1>{dashboardPage.title}</h1>
        <div>
          <p>
            <span data-testid="inbox-total">{dashboardPage.totalLabel(total)}</span>
            {filtered ? " in this view" : ""} · <span data-testid="inbox-unread">{`${unread} unread`}</span>
            {" · "}
            <Link to={`${href("/dashboard")}?status=held`} data-testid="inbox-held">
              {`${spamCounts.held} held for review`}
            </Link>
            {" · "}
            <Link to={`${href("/dashboard")}?status=spam`} data-testid="inbox-spam">
              {`${spamCounts.spam} spam`}
            </Link>
          </p>
          <ReplyMetricsPanel metrics={metrics} />
        </div>
      </header>

      <InboxFilters filter={filter} layout={layout} />

      {layout === "list" && !empty ? (
        // The list's rows go inside the bulk form: their boxes are its selection.
        <BulkBar {...bulk}>
          {statusLine}
          {submissions}
        </BulkBar>
      ) : (
        // The cards hold forms of their own, so their boxes name the bulk form; an empty view has none.
        <>
          {statusLine}
          {submissions}
          {empty ? null : <BulkBar {...bulk} />}
        </>
      )}

      {layout === "list" ? null : <NewTabNote />}
      <InboxPagination filter={filter} pageCount={pageCount} asOf={asOf} total={total} />
      <InboxKeyboard viewerId={viewerId} />
      <Toaster toast={actionData?.toast} />
    </main>
  );
}
