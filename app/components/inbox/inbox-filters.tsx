import { Form, href, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { INBOX_BUTTON } from "~/components/inbox/card-button";
import { Input, Options, Select } from "~/components/ui/input";
import { dealSizeOptions, interestOptions } from "~/content/inquiry-options";
import {
  INBOX_OWNER_LABELS,
  INBOX_OWNER_VALUES,
  INBOX_STATUS_LABELS,
  INBOX_STATUS_VALUES,
  type InboxFilter,
  InboxFilterSchema,
  type InboxLayout,
  inboxSearchParams,
} from "~/forms/inbox";
import { constraintsOf } from "~/forms/parse-form";
import { InboxViewBar } from "~/components/inbox/inbox-view-bar";

const LIMITS = constraintsOf(InboxFilterSchema);
/** The search form, which the selects behind "More filters" belong to. */
const FILTER_FORM_ID = "inbox-filter";
const SELECTS = [
  { name: "interest", label: "Interest", id: "inbox-interest", options: interestOptions },
  { name: "dealSize", label: "Deal size", id: "inbox-deal-size", options: dealSizeOptions },
] as const;

/** A view of the inbox (or its CSV download): the path, with the filter in the query. */
function viewHref(
  filter: Partial<InboxFilter>,
  pathname: "/dashboard" | "/dashboard/export.csv" = "/dashboard",
): string {
  const path = href(pathname);
  const query = inboxSearchParams(filter).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The view lives in the URL (links and a GET form), so every view can be bookmarked and works without
 * JavaScript. The rarer filters wait in a disclosure, open while one of them narrows or orders the view.
 */
export function InboxFilters({ filter, layout }: { filter: InboxFilter; layout: InboxLayout }) {
  const base = {
    interest: filter.interest,
    dealSize: filter.dealSize,
    q: filter.q,
    owner: filter.owner,
    lead: filter.lead,
    sort: filter.sort,
  };
  const narrowing = [filter.interest, filter.dealSize, filter.owner].filter(Boolean).length;
  return (
    <div className="inbox-filters">
      {/* Links and forms to this page's own route: nothing for React Router to discover. */}
      <Form id={FILTER_FORM_ID} method="get" role="search" aria-label="Filter inquiries" discover="none">
        {filter.status !== "all" ? <input type="hidden" name="status" value={filter.status} /> : null}
        {filter.owner ? <input type="hidden" name="owner" value={filter.owner} /> : null}
        {filter.lead ? <input type="hidden" name="lead" value={filter.lead} /> : null}
        {filter.sort !== "received" ? <input type="hidden" name="sort" value={filter.sort} /> : null}
        <Field label="Search" name="q" id="inbox-q" constraint={LIMITS.q}>
          {(control) => (
            <Input
              {...control}
              type="search"
              defaultValue={filter.q ?? ""}
              placeholder="Name, company, email or message"
            />
          )}
        </Field>
        <Button type="submit" className="icon-search">
          Search
        </Button>
      </Form>
      <nav aria-label="Inquiry status">
        <ul>
          {INBOX_STATUS_VALUES.map((status) => (
            <li key={status}>
              <Link
                to={viewHref({ ...base, status })}
                aria-current={filter.status === status ? "page" : undefined}
                className="inbox-tab"
              >
                {INBOX_STATUS_LABELS[status]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <details className="inbox-more" open={narrowing > 0 || filter.sort !== "received"}>
        <summary>{narrowing > 0 ? `More filters (${narrowing})` : "More filters"}</summary>
        <div>
          {SELECTS.map(({ name, label, id, options }) => (
            <Field key={name} label={label} name={name} id={id} constraint={LIMITS[name]}>
              {(control) => (
                <Select {...control} form={FILTER_FORM_ID} defaultValue={filter[name] ?? ""}>
                  <option value="">{`Any ${label.toLowerCase()}`}</option>
                  <Options choices={options} />
                </Select>
              )}
            </Field>
          ))}
          <Button type="submit" form={FILTER_FORM_ID} variant="secondary">
            Apply
          </Button>
          <Link to={href("/dashboard")} className={buttonVariants({ variant: "ghost" })}>
            Clear
          </Link>
        </div>
        <nav aria-labelledby="inbox-owner-label">
          <span id="inbox-owner-label">Owner</span>
          <ul>
            {([undefined, ...INBOX_OWNER_VALUES] as const).map((owner) => (
              <li key={owner ?? "anyone"}>
                <Link
                  to={viewHref({ ...base, status: filter.status, owner })}
                  aria-current={filter.owner === owner ? "page" : undefined}
                >
                  {owner ? INBOX_OWNER_LABELS[owner] : "Anyone"}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <InboxViewBar filter={filter} layout={layout} />
        <a
          href={viewHref({ ...base, status: filter.status }, "/dashboard/export.csv")}
          download
          className={`${INBOX_BUTTON} icon-download min-h-9 py-1.5`}
        >
          Export CSV
        </a>
      </details>
    </div>
  );
}

/** The page numbers to link: the first, the last, and two either side of the current one. */
function pageNumbers(page: number, pageCount: number): (number | "gap")[] {
  const shown = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const numbers = [...shown].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return numbers.flatMap((n, index) =>
    index > 0 && n - numbers[index - 1]! > 1 ? ["gap" as const, n] : [n],
  );
}

export function InboxPagination({
  filter,
  pageCount,
  asOf,
  total,
}: {
  filter: InboxFilter;
  pageCount: number;
  asOf: string | null;
  total: number;
}) {
  if (pageCount <= 1 && filter.page <= 1) return null;
  const to = (page: number) => viewHref({ ...filter, page, asOf: asOf ?? undefined });
  return (
    <nav aria-label="Pagination" className="inbox-pages">
      {filter.page > 1 ? (
        <Link to={to(filter.page - 1)} className={INBOX_BUTTON} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p>{`Page ${filter.page} of ${pageCount} · ${total} in this view`}</p>
      <ol>
        {pageNumbers(filter.page, pageCount).map((n, index) =>
          n === "gap" ? (
            <li key={`gap-${index}`}>
              <span aria-hidden="true">…</span>
            </li>
          ) : (
            <li key={n}>
              <Link to={to(n)} aria-current={n === filter.page ? "page" : undefined} aria-label={`Page ${n}`}>
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {filter.page < pageCount ? (
        <Link to={to(filter.page + 1)} className={INBOX_BUTTON} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
