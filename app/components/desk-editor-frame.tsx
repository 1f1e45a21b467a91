import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

/** A desk editor's page: the way back to its list, its title, then the form and what follows it. */
export function DeskEditorFrame({
  back,
  title,
  wide = false,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  /** The catalogue's editor has three columns of fields; a template's one. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main id="main" className={cn("mx-auto space-y-8 px-4 py-12", wide ? "max-w-4xl" : "max-w-3xl")}>
      <p>
        <Link to={back.to} className="text-sm font-semibold text-accent-strong underline">
          {back.label}
        </Link>
      </p>
      <h1 className="text-2xl font-bold break-words text-ink">{title}</h1>
      {children}
    </main>
  );
}

/** A desk list's heading with the button that starts a new entry. */
export function DeskListHeader({
  title,
  newEntry,
}: {
  title: string;
  newEntry: { to: string; label: string };
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      <Link to={newEntry.to} className={buttonVariants({ variant: "primary" })}>
        {newEntry.label}
      </Link>
    </header>
  );
}
