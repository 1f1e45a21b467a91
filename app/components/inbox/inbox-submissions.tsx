import { dashboardPage } from "~/content/account-pages";
import type { InboxFilter, InboxLayout } from "~/forms/inbox";
import type { InboxCard } from "~/lib/inquiries/inquiry";
import { InboxTable, type InboxRowView } from "~/components/inbox/inbox-table";
import { InquiryCard } from "~/components/inbox/inquiry-card";

/**
 * The inbox's inquiries: the list's rows or the spec's cards, or the empty
 * message. Its cards are styled as .inbox-list > article (app.css).
 */
export function InboxSubmissions({
  layout,
  loading,
  filter,
  filtered,
  rows,
  cards,
  now,
  editId,
  deleteId,
  selected,
}: {
  layout: InboxLayout;
  loading: boolean;
  filter: InboxFilter;
  /** Some filter narrows the view: its empty message says so. */
  filtered: boolean;
  rows: InboxRowView[];
  cards: InboxCard[];
  now: number;
  editId: string | null;
  deleteId: string | null;
  selected: Set<string>;
}) {
  const empty = layout === "list" ? rows.length === 0 : cards.length === 0;
  return (
    <section
      aria-label="Submissions"
      aria-busy={loading}
      className={loading ? "inbox-list opacity-60" : "inbox-list"}
    >
      {empty ? (
        <p className="rounded-xl border border-dashed border-line-strong p-10 text-center text-ink-subtle">
          {filtered || filter.page > 1 ? "No submissions match this view." : dashboardPage.empty}
        </p>
      ) : layout === "list" ? (
        <InboxTable rows={rows} selected={selected} />
      ) : (
        cards.map((item) => (
          <InquiryCard
            key={item.id}
            item={item}
            now={now}
            status={filter.status}
            editing={editId === item.id}
            confirmingDelete={deleteId === item.id}
            selected={selected.has(item.id)}
          />
        ))
      )}
    </section>
  );
}
