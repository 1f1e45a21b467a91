import { CtaBand } from "~/components/sections/cta-band";
import { ExternalLinks } from "~/components/sections/external-links";
import { NoticeBox } from "~/components/sections/notice-box";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { faqsPage } from "~/content/faqs";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/faqs";

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/faqs", faqsPage.meta, matches);

export default function Faqs() {
  const page = faqsPage;
  return (
    <main id="main">
      <PageHero hero={page.hero} />
      {page.sections.map((section, index) => (
        <Section key={section.id} id={section.id} title={section.title} muted={index % 2 === 1}>
          <div className="mx-auto max-w-3xl space-y-3">
            {section.faqs.map((faq) => (
              <details
                key={faq.question}
                className="group rounded-xl border border-line bg-surface p-5 shadow-sm"
              >
                <summary className="cursor-pointer font-semibold text-ink marker:text-accent">
                  <h3 className="inline">{faq.question}</h3>
                </summary>
                <p className="mt-3 text-ink-muted">{faq.answer}</p>
                {faq.links?.length ? <ExternalLinks links={faq.links} className="mt-3" /> : null}
              </details>
            ))}
          </div>
        </Section>
      ))}
      <Section id="fraud" title="Staying Safe">
        <NoticeBox notice={page.antiFraudNotice} />
      </Section>
      <CtaBand cta={page.cta} />
    </main>
  );
}
