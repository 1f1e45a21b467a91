import { CtaBand } from "~/components/sections/cta-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { NoticeBox } from "~/components/sections/notice-box";
import { PageHero } from "~/components/sections/page-hero";
import { ProcessSteps } from "~/components/sections/process-steps";
import { Section } from "~/components/sections/section";
import { goldIntermediaryPage } from "~/content/services/gold-intermediary";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/services.gold-intermediary";

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/services/gold-intermediary", matches);

export default function GoldIntermediary() {
  const page = goldIntermediaryPage;
  return (
    <main id="main">
      <PageHero hero={page.hero} />
      <Section id="features" intro={page.featuresIntro}>
        <FeatureGrid items={page.features} columns={4} />
      </Section>
      <Section id="process" intro={page.processIntro} muted>
        <ProcessSteps steps={page.process} />
      </Section>
      <Section id="safeguards" title="Regulation and Safeguards">
        <div className="space-y-6">
          <NoticeBox notice={page.regulatoryNotice} />
          <NoticeBox notice={page.antiFraudNotice} />
          <NoticeBox notice={page.disclaimer} />
        </div>
      </Section>
      <CtaBand cta={page.cta} />
    </main>
  );
}
