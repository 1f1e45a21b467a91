import { ExternalLink as ExternalLinkIcon } from "lucide-react";
import type { ExternalLink } from "~/content/types";

/** Links to official sites (regulators), each opening in a new tab. */
export function ExternalLinks({
  links,
  className = "",
}: {
  links: readonly ExternalLink[];
  className?: string;
}) {
  return (
    <ul className={`flex flex-wrap gap-x-6 gap-y-2 ${className}`.trim()}>
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-accent-strong underline underline-offset-2 hover:text-accent-deep"
          >
            {link.label}
            <ExternalLinkIcon aria-hidden="true" className="size-4" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
