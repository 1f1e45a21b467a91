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
      className={muted ? "bg-surface-muted py-16 sm:py-20" : "bg-surface py-16 sm:py-20"}
    >
      <div className="mx-auto max-w-6xl px-4">
        {heading ? (
          <div className="mx-auto mb-10 max-w-3xl text-center">
            <h2 id={headingId} className="text-3xl font-bold tracking-tight text-ink">
              {heading}
            </h2>
            {intro?.description ? <p className="mt-4 text-lg text-ink-muted">{intro.description}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
