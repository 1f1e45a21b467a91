import { Fragment } from "react";
import type { LegalDocument as LegalDocumentContent } from "~/content/types";
import { ExternalLinks } from "./external-links";

/** A legal text (privacy notice, terms) with a table of contents. */
export function LegalDocument({ document }: { document: LegalDocumentContent }) {
  return (
    <main id="main" className="bg-white">
      <div className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-4xl font-bold tracking-tight text-stone-900">{document.title}</h1>
        <p className="mt-2 text-sm text-stone-600">Last updated: {document.lastUpdated}</p>
        <p className="mt-6 text-lg text-stone-800">{document.intro}</p>
        <nav aria-label="Contents" className="mt-8 rounded-xl border border-stone-200 bg-stone-50 p-6">
          <h2 className="font-semibold text-stone-900">Contents</h2>
          <ol className="mt-3 space-y-1">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-amber-800 underline-offset-2 hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {document.sections.map((section) => (
          <section key={section.id} id={section.id} className="mt-10 scroll-mt-20">
            <h2 className="text-2xl font-semibold text-stone-900">{section.heading}</h2>
            {section.blocks.map((block, index) =>
              block.kind === "paragraph" ? (
                <Fragment key={index}>
                  <p className="mt-4 text-stone-800">{block.text}</p>
                  {block.links?.length ? <ExternalLinks links={block.links} className="mt-2" /> : null}
                </Fragment>
              ) : (
                <ul key={index} className="mt-4 list-disc space-y-2 pl-6 text-stone-800">
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
