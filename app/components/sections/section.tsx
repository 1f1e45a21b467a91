import type { ReactNode } from "react";
import type { SectionIntro } from "~/content/types";

/** A page band with an h2 heading and optional introduction. */
export function Section({
  intro,
  title,
  id,
  muted = false,
  children,
}: {
  intro?: SectionIntro;
  title?: string;
  id?: string;
  muted?: boolean;
  children: ReactNode;
}) {
  const heading = intro?.title ?? title;
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={muted ? "bg-stone-50 py-16 sm:py-20" : "bg-white py-16 sm:py-20"}
    >
      <div className="mx-auto max-w-6xl px-4">
        {heading ? (
          <div className="mx-auto mb-10 max-w-3xl text-center">
            <h2 id={headingId} className="text-3xl font-bold tracking-tight text-stone-900">
              {heading}
            </h2>
            {intro?.description ? <p className="mt-4 text-lg text-stone-700">{intro.description}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
