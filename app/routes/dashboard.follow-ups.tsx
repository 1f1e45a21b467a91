import { href, Link, useLoaderData } from "react-router";
import { DeskSection } from "~/components/desk-page";
import { brandTitle } from "~/content/company";
import { FOLLOW_UP_TIME_ZONE_LABEL, FOLLOW_UP_UPCOMING_DAYS } from "~/content/follow-ups";
import { databaseContext } from "~/lib/context.server";
import { guardedUser } from "~/lib/http/guards.server";
import { listFollowUps } from "~/lib/inquiries/follow-ups.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { formatUkTime } from "~/lib/uk-time";
import type { Route } from "./+types/dashboard.follow-ups";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Follow-ups") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const mine = new URL(request.url).searchParams.get("owner") === "me";
  const now = new Date();
  const lists = await listFollowUps(context.get(databaseContext).db, {
    now,
    ...(mine ? { ownerId: user.id } : {}),
  });
  const shown = (rows: typeof lists.overdue) =>
    rows.map((row) => ({
      inquiryId: row.inquiryId,
      reference: formatInquiryReference(row.inquiryId),
      name: row.name,
      company: row.company,
      text: row.text,
      ownerName: row.ownerName,
      dueAt: row.dueAt,
    }));
  return {
    mine,
    overdue: shown(lists.overdue),
    dueToday: shown(lists.dueToday),
    upcoming: shown(lists.upcoming),
  };
}

type Row = Awaited<ReturnType<typeof loader>>["overdue"][number];

function FollowUpList({ id, title, rows, empty }: { id: string; title: string; rows: Row[]; empty: string }) {
  return (
    <DeskSection id={id} title={`${title} (${rows.length})`}>
      {rows.length === 0 ? (
        <p className="text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-line-soft rounded-lg border border-line-soft" data-testid={id}>
          {rows.map((row) => (
            <li key={row.inquiryId} className="space-y-1 p-4 text-sm">
              <p className="flex flex-wrap gap-x-2">
                <span className="font-semibold">{formatUkTime(new Date(row.dueAt))}</span>
                <span className="text-ink-muted">· {row.ownerName ?? "No owner"}</span>
              </p>
              <p className="break-words">{row.text}</p>
              <p>
                <Link
                  to={href("/dashboard/inquiries/:id", { id: row.inquiryId })}
                  className="font-semibold break-words text-accent-strong underline"
                >
                  {row.name}
                  {row.company ? `, ${row.company}` : ""} ({row.reference})
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </DeskSection>
  );
}

/** What is overdue, due today and coming up, soonest first; set and completed on each inquiry's page. */
export default function FollowUpsPage() {
  const { mine, overdue, dueToday, upcoming } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-8 px-4 py-12">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-ink">Follow-ups</h1>
        <p className="text-sm text-ink-muted">
          Times are {FOLLOW_UP_TIME_ZONE_LABEL} (GMT, or BST in summer).
        </p>
        <p className="flex gap-4 text-sm">
          {mine ? (
            <Link to={href("/dashboard/follow-ups")} className="text-accent-strong underline">
              Everyone's
            </Link>
          ) : (
            <Link to={`${href("/dashboard/follow-ups")}?owner=me`} className="text-accent-strong underline">
              Only mine
            </Link>
          )}
        </p>
      </header>
      <FollowUpList id="overdue-heading" title="Overdue" rows={overdue} empty="Nothing overdue." />
      <FollowUpList
        id="due-today-heading"
        title="Due today"
        rows={dueToday}
        empty="Nothing else due today."
      />
      <FollowUpList
        id="upcoming-heading"
        title={`Next ${FOLLOW_UP_UPCOMING_DAYS} days`}
        rows={upcoming}
        empty="Nothing coming up."
      />
    </main>
  );
}
