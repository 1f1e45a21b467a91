import { CheckList } from "~/components/sections/check-list";
import { CtaBand } from "~/components/sections/cta-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { aboutPage } from "~/content/about";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/about", aboutPage.meta, matches);

export default function About() {
  const { hero, story, credentials, pillars, valuesIntro, values, leadershipIntro, leadership, cta } =
    aboutPage;
  return (
    <main id="main">
      <PageHero hero={hero} />
      <Section id="story">
        <div className="grid gap-10 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <h2 id="story-heading" className="text-3xl font-bold tracking-tight text-ink">
              {story.title}
            </h2>
            {story.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-4 text-ink-muted">
                {paragraph}
              </p>
            ))}
          </div>
          <div className="rounded-xl border border-line bg-surface-muted p-6 lg:col-span-2">
            <h3 className="mb-4 text-xl font-semibold text-ink">{credentials.title}</h3>
            <CheckList items={credentials.items} />
          </div>
        </div>
      </Section>
      <Section id="mission" title="Mission, Vision and Commitment" muted>
        <FeatureGrid items={pillars} />
      </Section>
      <Section id="values" intro={valuesIntro}>
        <FeatureGrid items={values} columns={4} />
      </Section>
      <Section id="leadership" intro={leadershipIntro} muted>
        <ul className="grid gap-6 lg:grid-cols-3">
          {leadership.map((leader) => (
            <li key={leader.name}>
              <Card className="h-full">
                <div className="flex items-center gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-14 shrink-0 items-center justify-center rounded-full bg-surface-inverse text-lg font-bold text-accent-bright"
                  >
                    {leader.initials}
                  </span>
                  <div>
                    <h3 className="text-lg font-semibold text-ink">{leader.name}</h3>
                    <p className="text-sm font-medium text-accent-strong">{leader.position}</p>
                  </div>
                </div>
                <p className="mt-4 text-ink-muted">{leader.bio}</p>
                <h4 className="sr-only">Specialties of {leader.name}</h4>
                <ul className="mt-4 flex flex-wrap gap-2">
                  {leader.specialties.map((specialty) => (
                    <li key={specialty}>
                      <Badge>{specialty}</Badge>
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand cta={cta} />
    </main>
  );
}
