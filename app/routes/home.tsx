import { CheckList } from "~/components/sections/check-list";
import { CtaBand } from "~/components/sections/cta-band";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { ButtonLink } from "~/components/ui/button-link";
import { homePage } from "~/content/home";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/", homePage.meta, matches);

export default function Home() {
  const { hero, disclaimer, servicesIntro, services, trustedPartner, cta } = homePage;
  return (
    <main id="main">
      <PageHero hero={hero}>
        <p className="mx-auto mt-10 max-w-3xl text-sm text-ink-inverse-muted">{disclaimer}</p>
      </PageHero>
      <Section id="services" intro={servicesIntro}>
        <FeatureGrid items={services} columns="fill" />
      </Section>
      <Section id="trusted-partner" muted>
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="trusted-partner-heading" className="text-3xl font-bold tracking-tight text-ink">
              {trustedPartner.title}
            </h2>
            <p className="mt-4 text-lg text-ink-muted">{trustedPartner.description}</p>
            <ButtonLink href={trustedPartner.link.href} variant="secondary" className="mt-8">
              {trustedPartner.link.label}
            </ButtonLink>
          </div>
          <div className="rounded-xl border border-line bg-surface p-8 shadow-sm">
            <CheckList items={trustedPartner.checklist} />
          </div>
        </div>
      </Section>
      <CtaBand cta={cta} />
    </main>
  );
}
