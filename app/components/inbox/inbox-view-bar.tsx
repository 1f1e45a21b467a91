import { href, Link, useLocation } from "react-router";
import { INBOX_BUTTON } from "~/components/inbox/card-button";
import {
  INBOX_LAYOUT_LABELS,
  INBOX_LAYOUT_VALUES,
  INBOX_SORT_LABELS,
  INBOX_SORT_VALUES,
  type InboxFilter,
  type InboxLayout,
  inboxSearchParams,
} from "~/forms/inbox";
import { VIEW_NAME_MAX_LENGTH, viewQuery } from "~/forms/workspace";

function sortHref(filter: InboxFilter, sort: InboxFilter["sort"]): string {
  const query = inboxSearchParams({ ...filter, sort, page: 1, asOf: undefined }).toString();
  return query ? `${href("/dashboard")}?${query}` : href("/dashboard");
}

/** The order is links (it lives in the URL), the layout a POST (remembered for the account): no JavaScript needed. */
export function InboxViewBar({ filter, layout }: { filter: InboxFilter; layout: InboxLayout }) {
  const { search } = useLocation();
  const back = viewQuery(search);
  return (
    <>
      <nav aria-labelledby="inbox-sort-label">
        <span id="inbox-sort-label">Sort by</span>
        <ul>
          {INBOX_SORT_VALUES.map((sort) => (
            <li key={sort}>
              <Link to={sortHref(filter, sort)} aria-current={filter.sort === sort ? "page" : undefined}>
                {INBOX_SORT_LABELS[sort]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form method="post" action={href("/dashboard/layout")} aria-labelledby="inbox-layout-label">
        <span id="inbox-layout-label">Layout</span>
        <input type="hidden" name="back" value={back} />
        <ul>
          {INBOX_LAYOUT_VALUES.map((value) => (
            <li key={value}>
              <button type="submit" name="layout" value={value} aria-pressed={layout === value}>
                {INBOX_LAYOUT_LABELS[value]}
              </button>
            </li>
          ))}
        </ul>
      </form>
      <details>
        <summary>Save this view</summary>
        <form method="post" action={href("/dashboard/views")} aria-label="Save this view">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="back" value={back} />
          <div>
            <label htmlFor="view-name" className="ui-label">
              Name
            </label>
            <input
              id="view-name"
              name="name"
              required
              maxLength={VIEW_NAME_MAX_LENGTH}
              className="bulk-control"
            />
          </div>
          <label>
            <input type="checkbox" name="shared" /> Share with the team
          </label>
          <button type="submit" className={INBOX_BUTTON}>
            Save view
          </button>
        </form>
      </details>
    </>
  );
}
