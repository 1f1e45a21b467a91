import { Fragment } from "react";
import type { LegalDocument as LegalDocumentContent } from "~/content/types";
import { ExternalLinks } from "~/components/sections/external-links";

/** A legal text (privacy notice, terms) with a table of contents. */
export function LegalDocument({ document }: { document: LegalDocumentContent }) {
  return (
    <main id="main" className="bg-surface">
      <div className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-4xl font-bold tracking-tight text-ink">{document.title}</h1>
        <p className="mt-2 text-sm text-ink-subtle">Last updated: {document.lastUpdated}</p>
        <p className="mt-6 text-lg text-ink-soft">{document.intro}</p>
        <nav aria-label="Contents" className="mt-8 rounded-xl border border-line bg-surface-muted p-6">
          <h2 className="font-semibold text-ink">Contents</h2>
          <ol className="mt-3 space-y-1">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-accent-strong underline-offset-2 hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {document.sections.map((section) => (
          <section key={section.id} id={section.id} className="mt-10 scroll-mt-20">
            <h2 className="text-2xl font-semibold text-ink">{section.heading}</h2>
            {section.blocks.map((block, index) =>
              block.kind === "paragraph" ? (
                <Fragment key={index}>
                  <p className="mt-4 text-ink-soft">{block.text}</p>
                  {block.links?.length ? <ExternalLinks links={block.links} className="mt-2" /> : null}
                </Fragment>
              ) : (
                <ul key={index} className="mt-4 list-disc space-y-2 pl-6 text-ink-soft">
                  {block.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
      </div>
    </main>
  );
}
