import { buttonVariants } from "~/components/ui/button";
import type { EquipmentQuery } from "~/forms/equipment-query";

/** The catalogue's page links: the filters kept, plain links so they work without JavaScript. */
export function CataloguePager({
  query,
  page,
  pages,
}: {
  query: EquipmentQuery;
  page: number;
  pages: number;
}) {
  const hrefOf = (target: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (query.category !== "all") params.set("category", query.category);
    if (query.availability !== "all") params.set("availability", query.availability);
    if (query.sort) params.set("sort", query.sort);
    if (target > 1) params.set("page", String(target));
    const search = params.toString();
    return `/equipment${search ? `?${search}` : ""}`;
  };
  return (
    <nav aria-label="Catalogue pages" className="mt-8 flex flex-wrap items-center justify-center gap-3">
      {page > 1 ? (
        <a href={hrefOf(page - 1)} rel="prev" className={buttonVariants({ variant: "secondary" })}>
          Previous page
        </a>
      ) : null}
      <span className="text-sm text-ink-muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <a href={hrefOf(page + 1)} rel="next" className={buttonVariants({ variant: "secondary" })}>
          Next page
        </a>
      ) : null}
    </nav>
  );
}
