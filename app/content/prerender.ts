import { listPublicPages } from "./public-pages";

/**
 * Public pages that are identical for every anonymous visitor and are
 * rendered to static HTML at build time. The contact page is left out: its
 * form carries per-request data.
 */
export const prerenderedPaths: string[] = [
  ...listPublicPages().filter((path) => path !== "/contact"),
  "/services/ghana-licensing",
];
