import { Icon } from "~/components/icon";
import { CheckList } from "~/components/sections/check-list";
import { CtaBand } from "~/components/sections/cta-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { ProcessSteps } from "~/components/sections/process-steps";
import { Section } from "~/components/sections/section";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { consultationPage } from "~/content/services/consultation";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/services.consultation";

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/services/consultation", matches);

export default function Consultation() {
  const page = consultationPage;
  return (
    <main id="main">
      <PageHero hero={page.hero} />
      <Section id="services" intro={page.servicesIntro}>
        <FeatureGrid items={page.services} />
      </Section>
      <Section id="expertise" intro={page.expertiseIntro} muted>
        <ul className="grid gap-6 md:grid-cols-2">
          {page.expertise.map((area) => (
            <li key={area.title}>
              <Card className="h-full">
                <div className="mb-4 flex items-center gap-3">
                  <span className="inline-flex rounded-lg bg-accent-soft p-2 text-accent-strong">
                    <Icon name={area.icon} className="size-5" />
                  </span>
                  <h3 className="text-lg font-semibold text-ink">{area.title}</h3>
                </div>
                <CheckList items={area.benefits} />
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="formats" intro={page.formatsIntro}>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {page.formats.map((format) => (
            <li key={format.type}>
              <Card className="h-full">
                <h3 className="text-lg font-semibold text-ink">{format.type}</h3>
                <p className="mt-2">
                  <Badge tone="gold">{format.duration}</Badge>
                </p>
                <p className="mt-3 text-ink-muted">{format.description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="reasons" intro={page.reasonsIntro} muted>
        <FeatureGrid items={page.reasons} columns={4} />
      </Section>
      <Section id="approach" intro={page.approachIntro}>
        <ProcessSteps steps={page.approach} />
      </Section>
      <CtaBand cta={page.cta} />
    </main>
  );
}
