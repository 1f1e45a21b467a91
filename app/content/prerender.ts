import { listPublicPages } from "./public-pages";

/**
 * Public pages that are identical for every anonymous visitor and are
 * rendered to static HTML at build time. The contact page is left out (its
 * form carries per-request data), and so is the catalogue: the team edits it
 * in the database, and a change must show at once (docs/decisions/086).
 */
export const prerenderedPaths: string[] = [
  ...listPublicPages().filter((path) => path !== "/contact" && path !== "/equipment"),
  "/services/ghana-licensing",
];
