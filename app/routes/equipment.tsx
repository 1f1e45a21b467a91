import { EquipmentCard } from "~/components/equipment-card";
import { EquipmentFilterForm } from "~/components/equipment-filter-form";
import { CtaBand } from "~/components/sections/cta-band";
import { NoticeBox } from "~/components/sections/notice-box";
import { PageHero } from "~/components/sections/page-hero";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { filterEquipment, sortEquipment } from "~/content/equipment-filters";
import { equipmentPage } from "~/content/equipment-page";
import { parseEquipmentQuery } from "~/forms/equipment-query";
import { databaseContext } from "~/lib/context.server";
import { listPublishedItems } from "~/lib/catalogue/catalogue.server";
import { routeMeta } from "~/seo/meta";
// A static asset, not a bundle: the page is not hydrated (app/browser/catalogue-filter.js).
import catalogueFilterScript from "~/browser/catalogue-filter.js?url&no-inline";
import type { Route } from "./+types/equipment";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseEquipmentQuery(new URL(request.url).searchParams);
  const catalogue = await listPublishedItems(context.get(databaseContext).db);
  const matching = filterEquipment(catalogue, query);
  const items = query.sort ? sortEquipment(matching, query.sort) : matching;
  return { query, items, total: catalogue.length };
}

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/equipment", matches);

export default function Equipment({ loaderData }: Route.ComponentProps) {
  const { query, items, total } = loaderData;
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
            Showing {items.length} of {total} items
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
            ) : (
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
