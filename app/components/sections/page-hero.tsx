import type { ReactNode } from "react";
import type { PageHero as PageHeroContent } from "~/content/types";
import { ButtonLink } from "~/components/ui/button-link";

/** The dark banner at the top of every content page; it holds the page's only h1. */
export function PageHero({ hero, children }: { hero: PageHeroContent; children?: ReactNode }) {
  return (
    <section className="bg-surface-inverse text-on-fill">
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:py-24">
        {hero.badge ? (
          <p className="mb-6 inline-block rounded-full border border-accent-line/50 bg-accent-line/10 px-4 py-1 text-sm font-medium text-accent-pale">
            {hero.badge}
          </p>
        ) : null}
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{hero.title}</h1>
        <p className="mx-auto mt-6 max-w-3xl text-lg text-pretty text-ink-inverse">{hero.subtitle}</p>
        {hero.ctas?.length ? (
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            {hero.ctas.map((cta) => (
              <ButtonLink key={cta.label} href={cta.href} variant={cta.variant ?? "primary"}>
                {cta.label}
              </ButtonLink>
            ))}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
