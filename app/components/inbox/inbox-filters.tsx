import { Download, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button-link";
import { dealSizeOptions, interestOptions } from "~/content/inquiry-options";
import {
  INBOX_STATUS_LABELS,
  INBOX_STATUS_VALUES,
  type InboxFilter,
  inboxSearchParams,
  SEARCH_MAX_LENGTH,
} from "~/forms/inbox";

const fieldClass =
  "block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm focus:border-amber-600 focus:ring-2 focus:ring-amber-600/30 focus:outline-none";

function href(filter: Partial<InboxFilter>, pathname = "/dashboard"): string {
  const query = inboxSearchParams(filter).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The view of the inbox lives in the URL: status tabs are links, the other
 * filters a GET form, so every view can be bookmarked and works without
 * JavaScript.
 */
export function InboxFilters({ filter }: { filter: InboxFilter }) {
  const base = { interest: filter.interest, dealSize: filter.dealSize, q: filter.q };
  return (
    <div className="space-y-4">
      <nav aria-label="Inquiry status">
        <ul className="flex flex-wrap gap-2">
          {INBOX_STATUS_VALUES.map((status) => (
            <li key={status}>
              <Link
                to={href({ ...base, status })}
                aria-current={filter.status === status ? "page" : undefined}
                className={`inline-flex min-h-9 items-center rounded-full px-4 text-sm font-medium ring-1 ring-inset ${
                  filter.status === status
                    ? "bg-stone-900 text-white ring-stone-900"
                    : "bg-white text-stone-800 ring-stone-300 hover:bg-stone-100"
                }`}
              >
                {INBOX_STATUS_LABELS[status]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        method="get"
        role="search"
        aria-label="Filter inquiries"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
      >
        {filter.status !== "all" ? <input type="hidden" name="status" value={filter.status} /> : null}
        <div>
          <label htmlFor="inbox-q" className="block text-sm font-medium text-stone-900">
            Search
          </label>
          <input
            id="inbox-q"
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Name, company, email or message"
            className={`mt-1 ${fieldClass}`}
          />
        </div>
        <div>
          <label htmlFor="inbox-interest" className="block text-sm font-medium text-stone-900">
            Interest
          </label>
          <select
            id="inbox-interest"
            name="interest"
            defaultValue={filter.interest ?? ""}
            className={`mt-1 ${fieldClass}`}
          >
            <option value="">Any interest</option>
            {interestOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="inbox-deal-size" className="block text-sm font-medium text-stone-900">
            Deal size
          </label>
          <select
            id="inbox-deal-size"
            name="dealSize"
            defaultValue={filter.dealSize ?? ""}
            className={`mt-1 ${fieldClass}`}
          >
            <option value="">Any deal size</option>
            {dealSizeOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass("primary")}>
            <Search aria-hidden="true" className="size-4" />
            Apply
          </button>
          <Link to="/dashboard" className={buttonClass("ghost")}>
            Clear
          </Link>
        </div>
      </Form>
      <a
        href={href({ ...base, status: filter.status }, "/dashboard/export.csv")}
        download
        className={buttonClass("secondary", "min-h-9 py-1.5")}
      >
        <Download aria-hidden="true" className="size-4" />
        Export CSV
      </a>
    </div>
  );
}

export function InboxPagination({
  filter,
  pageCount,
  asOf,
}: {
  filter: InboxFilter;
  pageCount: number;
  asOf: string | null;
}) {
  if (pageCount <= 1 && filter.page <= 1) return null;
  const to = (page: number) => href({ ...filter, page, asOf: asOf ?? undefined });
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-4 text-sm">
      {filter.page > 1 ? (
        <Link to={to(filter.page - 1)} className={buttonClass("secondary")} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p>
        Page {filter.page} of {pageCount}
      </p>
      {filter.page < pageCount ? (
        <Link to={to(filter.page + 1)} className={buttonClass("secondary")} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
