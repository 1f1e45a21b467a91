import type { ReactNode } from "react";
import { Link } from "react-router";

/** A desk page opened from the inbox: the way back, its title, then the page. */
export function DeskPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
      <p className="text-sm">
        <Link to="/dashboard" className="text-accent-strong underline">
          Back to the inbox
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">{title}</h1>
      {children}
    </main>
  );
}

/** A titled part of a desk page, named by its heading. */
export function DeskSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
