import type { ReactNode } from "react";
import { Link } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-amber-700 text-white hover:bg-amber-800",
  secondary: "bg-white text-stone-900 ring-1 ring-stone-300 hover:bg-stone-100",
  outline: "bg-transparent text-current ring-1 ring-current hover:bg-black/5",
  ghost: "bg-transparent text-stone-800 hover:bg-stone-100",
};

export const buttonBase =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2.5 text-sm font-semibold text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600";

export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `${buttonBase} ${VARIANTS[variant]} ${extra}`.trim();
}

/** True for links that leave the site or open another app (chat, mail, phone). */
export function isExternalHref(href: string): boolean {
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
  const classes = buttonClass(variant, className);
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
