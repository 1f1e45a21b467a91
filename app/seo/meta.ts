import type { MetaDescriptor } from "react-router";
import { company } from "~/content/company";
import { CANONICAL_PATH, type RoutePath } from "~/content/route-paths";
import type { PageMeta } from "~/content/types";

interface MatchLike {
  id: string;
  data?: unknown;
}

/** The public origin, which the root loader reads from SITE_URL. */
function getSiteUrl(matches: readonly (MatchLike | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? company.website.url;
}

/**
 * Title, description, canonical URL and social cards for one page. A page
 * served at two addresses names one canonical URL for both.
 */
export function buildMeta(
  path: string,
  page: PageMeta,
  matches: readonly (MatchLike | undefined)[],
  options: { noindex?: boolean; type?: "website" | "article" | "product" } = {},
): MetaDescriptor[] {
  // A page kept out of search results is not shared either: no canonical or social cards.
  if (options.noindex) {
    return [
      { title: page.title },
      { name: "description", content: page.description },
      { name: "robots", content: "noindex" },
    ];
  }
  const canonicalPath = CANONICAL_PATH[path as RoutePath] ?? path;
  const url = `${getSiteUrl(matches)}${canonicalPath === "/" ? "/" : canonicalPath}`;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:site_name", content: company.brandName },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
  ];
}

/** Pages for signed-in people and signing in: not for search engines. */
export function isPrivatePath(pathname: string): boolean {
  return /^\/(auth|account|dashboard)(\/|$)/.test(pathname);
}

/** A page's head; its copy comes from the route, so a route's bundle carries no other page's copy. */
export function routeMeta(
  path: RoutePath,
  page: PageMeta,
  matches: readonly (MatchLike | undefined)[],
): MetaDescriptor[] {
  return buildMeta(path, page, matches, {
    noindex: path === "/auth" || path === "/dashboard",
  });
}

/** The organisation's JSON-LD, safe to place inside a <script> element. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
