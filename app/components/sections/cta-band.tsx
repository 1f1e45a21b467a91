import type { CtaSection } from "~/content/types";
import { ButtonLink } from "~/components/ui/button-link";

/** The closing call to action at the foot of a page. */
export function CtaBand({ cta }: { cta: CtaSection }) {
  return (
    <section aria-labelledby="cta-heading" className="bg-surface-inverse py-16 text-on-fill">
      <div className="mx-auto max-w-3xl px-4 text-center">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight">
          {cta.title}
        </h2>
        <p className="mt-4 text-lg text-ink-inverse">{cta.description}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          {cta.ctas.map((link) => (
            <ButtonLink key={link.label} href={link.href} variant={link.variant ?? "primary"}>
              {link.label}
            </ButtonLink>
          ))}
        </div>
      </div>
    </section>
  );
}
