import { EquipmentCard } from "~/components/equipment-card";
import { EquipmentFilterForm } from "~/components/equipment-filter-form";
import { CtaBand } from "~/components/sections/cta-band";
import { NoticeBox } from "~/components/sections/notice-box";
import { PageHero } from "~/components/sections/page-hero";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { equipmentPage } from "~/content/equipment-page";
import { parseCataloguePage, parseEquipmentQuery } from "~/forms/equipment-query";
import { CataloguePager } from "~/components/catalogue-pager";
import { databaseContext } from "~/lib/context.server";
import { listCataloguePage } from "~/lib/catalogue/catalogue.server";
import { routeMeta } from "~/seo/meta";
// A static asset, not a bundle: the page is not hydrated (app/browser/catalogue-filter.js).
import catalogueFilterScript from "~/browser/catalogue-filter.js?url&no-inline";
import type { Route } from "./+types/equipment";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseEquipmentQuery(params);
  const shown = await listCataloguePage(context.get(databaseContext).db, query, {
    page: parseCataloguePage(params),
    pageSize: equipmentPage.pageSize,
  });
  return { query, ...shown };
}

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/equipment", equipmentPage.meta, matches);

export default function Equipment({ loaderData }: Route.ComponentProps) {
  const { query, items, total, matching, page, pages } = loaderData;
  return (
    <main id="main">
      <PageHero hero={equipmentPage.hero} />
      <section aria-labelledby="catalogue-heading" className="bg-surface-muted py-12">
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="catalogue-heading" className="sr-only">
            Catalogue
          </h2>
          <EquipmentFilterForm query={query} />
          <p id="catalogue-count" className="mt-6 text-sm text-ink-muted" role="status">
            {pages === 1
              ? `Showing ${items.length} of ${total} items`
              : `Showing ${items.length} of ${matching} matching items (${total} in the catalogue), page ${page} of ${pages}`}
          </p>
          <div id="catalogue-results">
            {items.length > 0 ? (
              <ul className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {items.map((item, index) => (
                  <li key={item.id}>
                    <EquipmentCard item={item} eagerImage={index < 3} />
                  </li>
                ))}
              </ul>
            ) : null}
            {pages > 1 ? <CataloguePager query={query} page={page} pages={pages} /> : null}
            {items.length > 0 ? null : (
              <div className="mt-4 rounded-xl border border-dashed border-line-strong bg-surface p-12 text-center">
                <p className="text-lg text-ink-soft">{equipmentPage.empty.message}</p>
                <a href="/equipment" className={cn(buttonVariants({ variant: "secondary" }), "mt-6")}>
                  {equipmentPage.empty.clearFilters}
                </a>
              </div>
            )}
          </div>
          <p className="mt-8 text-sm text-ink-subtle">{equipmentPage.pricingNote}</p>
          <div className="mt-8">
            <NoticeBox notice={equipmentPage.deliveryNotice} />
          </div>
        </div>
      </section>
      <CtaBand cta={equipmentPage.cta} />
      <script src={catalogueFilterScript} defer />
    </main>
  );
}
