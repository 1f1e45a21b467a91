import { CheckList } from "~/components/sections/check-list";
import { CtaBand } from "~/components/sections/cta-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { NoticeBox } from "~/components/sections/notice-box";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { equipmentRentalPage } from "~/content/services/equipment-rental";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/services.equipment-rental";

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/services/equipment-rental", matches);

export default function EquipmentRental() {
  const page = equipmentRentalPage;
  return (
    <main id="main">
      <PageHero hero={page.hero} />
      <Section id="categories" intro={page.categoriesIntro}>
        <FeatureGrid items={page.categories} />
      </Section>
      <Section id="benefits" intro={page.benefitsIntro} muted>
        <FeatureGrid items={page.benefits} columns={4} />
      </Section>
      <Section id="terms" title={page.terms.title}>
        <div className="mx-auto max-w-3xl">
          <CheckList items={page.terms.items} />
        </div>
        <div className="mt-10 space-y-6">
          <NoticeBox notice={page.contractNotice} />
          <NoticeBox notice={page.deliveryNotice} />
        </div>
      </Section>
      <CtaBand cta={page.cta} />
    </main>
  );
}
