import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ServiceBlock, ServicePageContent } from "~/content/types";
import { Icon } from "~/components/icon";
import { CheckList } from "~/components/sections/check-list";
import { CtaBand } from "~/components/sections/cta-band";
import { ExternalLinks } from "~/components/sections/external-links";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { LicenceTypeCards } from "~/components/sections/licence-type-cards";
import { NoticeBox } from "~/components/sections/notice-box";
import { PageHero } from "~/components/sections/page-hero";
import { ProcessSteps } from "~/components/sections/process-steps";
import { Section } from "~/components/sections/section";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";

export function ServicePage({ content }: { content: ServicePageContent }) {
  return (
    <main id="main">
      <PageHero hero={content.hero} />
      {content.sections.map((section, index) => (
        <Section
          key={section.id}
          id={section.id}
          intro={section.intro}
          title={section.title}
          muted={index % 2 === 1}
        >
          <div className="space-y-10">
            {section.blocks.map((block, blockIndex) => (
              <Block key={blockIndex} block={block} />
            ))}
          </div>
        </Section>
      ))}
      <CtaBand cta={content.cta} />
    </main>
  );
}

function Block({ block }: { block: ServiceBlock }) {
  switch (block.kind) {
    case "features":
      return <FeatureGrid items={block.items} columns={block.columns} />;
    case "steps":
      return <ProcessSteps steps={block.steps} />;
    case "checklist":
      return (
        <div className={`mx-auto ${block.columns === 2 ? "max-w-5xl" : "max-w-3xl"}`}>
          <CheckList items={block.items} columns={block.columns} />
        </div>
      );
    case "notices":
      return (
        <div className="space-y-6">
          {block.notices.map((notice) => (
            <NoticeBox key={notice.title} notice={notice} />
          ))}
        </div>
      );
    case "licences":
      return <LicenceTypeCards licences={block.licences} />;
    case "note":
      return (
        <div className="mx-auto max-w-3xl rounded-lg bg-surface-muted p-4 text-center text-ink-muted">
          <p>{block.text}</p>
          <ExternalLinks links={block.links} className="mt-3 justify-center" />
        </div>
      );
    case "expertise":
      return (
        <CardList className="md:grid-cols-2" items={block.groups}>
          {(group) => (
            <>
              <div className="mb-4 flex items-center gap-3">
                <span className="inline-flex rounded-lg bg-accent-soft p-2 text-accent-strong">
                  <Icon name={group.icon} className="size-5" />
                </span>
                <h3 className="text-lg font-semibold text-ink">{group.title}</h3>
              </div>
              <CheckList items={group.benefits} />
            </>
          )}
        </CardList>
      );
    case "formats":
      return (
        <CardList className="md:grid-cols-2 lg:grid-cols-4" items={block.formats}>
          {(format) => (
            <>
              <h3 className="text-lg font-semibold text-ink">{format.title}</h3>
              <p className="mt-2">
                <Badge tone="gold">{format.duration}</Badge>
              </p>
              <p className="mt-3 text-ink-muted">{format.description}</p>
            </>
          )}
        </CardList>
      );
    case "frameworks":
      return (
        <CardList className="lg:grid-cols-3" items={block.frameworks}>
          {(framework) => (
            <>
              <h3 className="text-lg font-semibold text-ink">{framework.title}</h3>
              <p className="mt-2 text-ink-muted">{framework.description}</p>
              <h4 className="mt-4 font-semibold text-ink">Key provisions</h4>
              <div className="mt-3 text-sm">
                <CheckList items={framework.keyPoints} />
              </div>
            </>
          )}
        </CardList>
      );
    case "standards":
      return (
        <CardList className="md:grid-cols-2 lg:grid-cols-3" items={block.standards}>
          {(standard) => (
            <>
              <h3 className="font-semibold text-ink">{standard.title}</h3>
              <p className="mt-2 text-sm text-ink-muted">{standard.description}</p>
            </>
          )}
        </CardList>
      );
    case "timelines":
      return <Timelines block={block} />;
  }
}

function CardList<T extends { title: string }>({
  className,
  items,
  children,
}: {
  className: string;
  items: readonly T[];
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className={`grid gap-6 ${className}`}>
      {items.map((item) => (
        <li key={item.title}>
          <Card className="h-full">{children(item)}</Card>
        </li>
      ))}
    </ul>
  );
}

function Timelines({ block }: { block: Extract<ServiceBlock, { kind: "timelines" }> }) {
  return (
    <div>
      <div className="mx-auto max-w-4xl overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
        <table className="w-full text-left">
          <caption className="sr-only">Typical processing time by licence type</caption>
          <thead className="bg-surface-sunken text-sm text-ink">
            <tr>
              {["Licence", "Processing time", "Notes"].map((heading) => (
                <th key={heading} scope="col" className="px-4 py-3">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {block.timelines.map((timeline) => (
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
          to={block.guide.href}
          className="inline-flex items-center gap-1 font-semibold text-accent-strong hover:underline"
        >
          {block.guide.label}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
    </div>
  );
}
