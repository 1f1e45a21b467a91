import { CtaBand } from "~/components/sections/cta-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { NoticeBox } from "~/components/sections/notice-box";
import { PageHero } from "~/components/sections/page-hero";
import { ProcessSteps } from "~/components/sections/process-steps";
import { Section } from "~/components/sections/section";
import { equipmentSalesPage } from "~/content/services/equipment-sales";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/services.equipment-sales";

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/services/equipment-sales", matches);

export default function EquipmentSales() {
  const page = equipmentSalesPage;
  return (
    <main id="main">
      <PageHero hero={page.hero} />
      <Section id="categories" intro={page.categoriesIntro}>
        <FeatureGrid items={page.categories} />
      </Section>
      <Section id="process" intro={page.processIntro} muted>
        <ProcessSteps steps={page.process} />
        <div className="mt-10 space-y-6">
          <NoticeBox notice={page.contractNotice} />
          <NoticeBox notice={page.deliveryNotice} />
        </div>
      </Section>
      <CtaBand cta={page.cta} />
    </main>
  );
}
