import { CheckList } from "~/components/sections/check-list";
import { CtaBand } from "~/components/sections/cta-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { NoticeBox } from "~/components/sections/notice-box";
import { PageHero } from "~/components/sections/page-hero";
import { ProcessSteps } from "~/components/sections/process-steps";
import { Section } from "~/components/sections/section";
import { Card } from "~/components/ui/card";
import { kycAmlPage } from "~/content/services/kyc-aml";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/services.kyc-aml";

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/services/kyc-aml", matches);

export default function KycAml() {
  const page = kycAmlPage;
  return (
    <main id="main">
      <PageHero hero={page.hero} />
      <Section id="services" intro={page.servicesIntro}>
        <FeatureGrid items={page.services} />
      </Section>
      <Section id="process" intro={page.processIntro} muted>
        <ProcessSteps steps={page.process} />
      </Section>
      <Section id="requirements" intro={page.requirementsIntro}>
        <div className="mx-auto max-w-5xl">
          <CheckList items={page.requirements} columns={2} />
        </div>
        <div className="mt-10">
          <NoticeBox notice={page.regulatoryNotice} />
        </div>
      </Section>
      <Section id="standards" intro={page.standardsIntro} muted>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {page.standards.map((standard) => (
            <li key={standard.title}>
              <Card className="h-full">
                <h3 className="font-semibold text-ink">{standard.title}</h3>
                <p className="mt-2 text-sm text-ink-muted">{standard.description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="fraud" title="Avoiding Fraud">
        <NoticeBox notice={page.antiFraudNotice} />
      </Section>
      <CtaBand cta={page.cta} />
    </main>
  );
}
