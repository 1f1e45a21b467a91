import { CtaBand } from "~/components/sections/cta-band";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { servicesPage } from "~/content/services";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/services", servicesPage.meta, matches);

export default function Services() {
  const { hero, cards, learnMoreLabel, cta } = servicesPage;
  return (
    <main id="main">
      <PageHero hero={hero} />
      <Section id="all-services" title="Our Services">
        <FeatureGrid items={cards} columns="fill" linkLabel={learnMoreLabel} />
      </Section>
      <CtaBand cta={cta} />
    </main>
  );
}
