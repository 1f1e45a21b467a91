import type { ReactNode } from "react";
import { Link } from "react-router";
import { type ButtonVariant, buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

function isExternalHref(href: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(href);
}

/**
 * A link styled as a button. Web links outside the site open in a new tab;
 * mail and phone links hand over to the visitor's own apps.
 */
export function ButtonLink({
  href,
  children,
  variant = "primary",
  className = "",
}: {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  className?: string;
}) {
  const classes = cn(buttonVariants({ variant }), className);
  if (/^https?:/.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={classes}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (isExternalHref(href)) {
    return (
      <a href={href} className={classes}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href} className={classes}>
      {children}
    </Link>
  );
}
