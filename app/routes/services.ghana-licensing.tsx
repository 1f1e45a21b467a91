import { CheckList } from "~/components/sections/check-list";
import { CtaBand } from "~/components/sections/cta-band";
import { ExternalLinks } from "~/components/sections/external-links";
import { LicenceTypeCards } from "~/components/sections/licence-type-cards";
import { NoticeBox } from "~/components/sections/notice-box";
import { PageHero } from "~/components/sections/page-hero";
import { ProcessSteps } from "~/components/sections/process-steps";
import { Section } from "~/components/sections/section";
import { Card } from "~/components/ui/card";
import { ghanaLicensingPage } from "~/content/services/ghana-licensing";
import { buildMeta } from "~/seo/meta";
import type { Route } from "./+types/services.ghana-licensing";

/** Served at /licensing and /services/ghana-licensing; both name /licensing as canonical. */
export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta("/services/ghana-licensing", ghanaLicensingPage.meta, matches);

export default function GhanaLicensing() {
  const page = ghanaLicensingPage;
  return (
    <main id="main">
      <PageHero hero={page.hero} />
      <Section id="licence-types" intro={page.licenceTypesIntro}>
        <div className="mx-auto mb-10 max-w-3xl rounded-lg bg-surface-muted p-4 text-center text-ink-muted">
          <p>{page.authorityNote}</p>
          <ExternalLinks links={page.verifyLinks} className="mt-3 justify-center" />
        </div>
        <div className="mb-10">
          <NoticeBox notice={page.licenceStatusNotice} />
        </div>
        <LicenceTypeCards licences={page.licenceTypes} />
      </Section>
      <Section id="frameworks" intro={page.frameworksIntro} muted>
        <ul className="grid gap-6 lg:grid-cols-3">
          {page.frameworks.map((framework) => (
            <li key={framework.title}>
              <Card className="h-full">
                <h3 className="text-lg font-semibold text-ink">{framework.title}</h3>
                <p className="mt-2 text-ink-muted">{framework.description}</p>
                <h4 className="mt-4 font-semibold text-ink">Key provisions</h4>
                <div className="mt-3 text-sm">
                  <CheckList items={framework.keyPoints} />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="process" intro={page.processIntro}>
        <ProcessSteps steps={page.process} />
      </Section>
      <Section id="compliance" intro={page.complianceIntro} muted>
        <div className="mx-auto max-w-5xl">
          <CheckList items={page.complianceItems} columns={2} />
        </div>
        <div className="mt-10">
          <NoticeBox notice={page.complianceWarning} />
        </div>
      </Section>
      <Section id="support" intro={page.supportIntro}>
        <div className="mx-auto max-w-3xl">
          <CheckList items={page.support} />
        </div>
      </Section>
      <CtaBand cta={page.cta} />
    </main>
  );
}
