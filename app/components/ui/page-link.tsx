import type { ComponentProps } from "react";
import { Link } from "react-router";

export type PageLinkProps = Omit<ComponentProps<"a">, "href"> & {
  /** A path of the site's own, absolute ("/dashboard/…"). */
  to: string;
};

/** What the server writes: the anchor alone. */
export function ServerPageLink({ to, children, ...props }: PageLinkProps) {
  return (
    <a {...props} href={to}>
      {children}
    </a>
  );
}

/** What the browser hydrates it with: React Router's Link, which navigates without a page load. */
export function BrowserPageLink({ to, ...props }: PageLinkProps) {
  return <Link to={to} discover="none" {...props} />;
}

/**
 * A link to one of the site's own pages that leaves route discovery to the
 * click (React Router's `discover="none"`): the desk's rows, tabs, sorts
 * and pages. On the server a Link resolves its path through the router's
 * matches twice and costs as much to render as the rest of an inbox row;
 * an absolute path needs none of that. Both write the same element with
 * the same attributes (page-link.test.tsx), so the browser's Link hydrates
 * the server's anchor and takes over its clicks. Without JavaScript it is
 * the same anchor.
 */
export const PageLink = import.meta.env.SSR ? ServerPageLink : BrowserPageLink;
