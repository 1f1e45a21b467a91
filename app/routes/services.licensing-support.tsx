import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CtaBand } from "~/components/sections/cta-band";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { LicenceTypeCards } from "~/components/sections/licence-type-cards";
import { NoticeBox } from "~/components/sections/notice-box";
import { PageHero } from "~/components/sections/page-hero";
import { ProcessSteps } from "~/components/sections/process-steps";
import { Section } from "~/components/sections/section";
import { licensingSupportPage } from "~/content/services/licensing-support";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/services.licensing-support";

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/services/licensing-support", matches);

export default function LicensingSupport() {
  const page = licensingSupportPage;
  return (
    <main id="main">
      <PageHero hero={page.hero} />
      <Section id="services" intro={page.servicesIntro}>
        <FeatureGrid items={page.services} />
      </Section>
      <Section id="licence-types" intro={page.licenceTypesIntro} muted>
        <LicenceTypeCards licences={page.licenceTypes} />
        <div className="mt-10">
          <NoticeBox notice={page.citizenshipNotice} />
        </div>
      </Section>
      <Section id="process" intro={page.processIntro}>
        <ProcessSteps steps={page.process} />
      </Section>
      <Section id="timelines" intro={page.timelinesIntro} muted>
        <div className="mx-auto max-w-4xl overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
          <table className="w-full text-left">
            <caption className="sr-only">Typical processing time by licence type</caption>
            <thead className="bg-surface-sunken text-sm text-ink">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Licence
                </th>
                <th scope="col" className="px-4 py-3">
                  Processing time
                </th>
                <th scope="col" className="px-4 py-3">
                  Notes
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {page.timelines.map((timeline) => (
                <tr key={timeline.licence}>
                  <th scope="row" className="px-4 py-3 font-semibold text-ink">
                    {timeline.licence}
                  </th>
                  <td className="px-4 py-3 font-medium text-accent-strong">{timeline.duration}</td>
                  <td className="px-4 py-3 text-ink-muted">{timeline.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-8 text-center">
          <Link
            to={page.guideLink.href}
            className="inline-flex items-center gap-1 font-semibold text-accent-strong hover:underline"
          >
            {page.guideLink.label}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </p>
      </Section>
      <CtaBand cta={page.cta} />
    </main>
  );
}
