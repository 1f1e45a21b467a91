import { useLoaderData } from "react-router";
import { DeskPage } from "~/components/desk-page";
import { brandTitle } from "~/content/company";
import { receivedMailLimits } from "~/content/received-mail-limits";
import { listNotFiled } from "~/lib/conversation/mail-not-filed.server";
import { databaseContext } from "~/lib/context.server";
import { guardedUser } from "~/lib/http/guards.server";
import { formatUkTime } from "~/lib/uk-time";
import type { Route } from "./+types/dashboard.mailboxes";

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Team mailboxes") },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  guardedUser(context);
  const notFiled = await listNotFiled(context.get(databaseContext).db);
  return { notFiled: notFiled.map((row) => ({ ...row, at: row.at.toISOString() })) };
}

/** The mail the fetchers set aside instead of filing, never its content. */
export default function DashboardMailboxes() {
  const { notFiled } = useLoaderData<typeof loader>();
  return (
    <DeskPage title="Team mailboxes">
      <section aria-labelledby="not-filed" className="mt-8 space-y-3">
        <h2 id="not-filed" className="text-xl font-semibold text-ink">
          Mail not filed ({notFiled.length})
        </h2>
        <p className="text-sm text-ink-muted">
          A message the desk could not read or store is set aside here and the mailbox goes on with the next
          one. It stays in the mailbox: find it there by its UID. A message over{" "}
          {Math.round(receivedMailLimits.messageBytes / (1024 * 1024))} MB is not fetched at all.
        </p>
        {notFiled.length === 0 ? (
          <p className="text-sm text-ink-muted">None.</p>
        ) : (
          <ul
            className="divide-y divide-line-soft rounded-lg border border-line-soft"
            data-testid="mail-not-filed"
          >
            {notFiled.map((row) => (
              <li key={`${row.mailbox}/${row.uidValidity}/${row.uid}`} className="space-y-1 p-4 text-sm">
                <p className="flex flex-wrap gap-x-2">
                  <span className="font-semibold break-all">{row.mailbox}</span>
                  <span>UID {row.uid}</span>
                  {row.size === null ? null : <span className="text-ink-muted">· {row.size} bytes</span>}
                  <span className="text-ink-muted">· {formatUkTime(new Date(row.at))}</span>
                </p>
                <p className="break-words text-ink-muted">{row.reason}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </DeskPage>
  );
}
