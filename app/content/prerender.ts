/**
 * Public pages that are identical for every anonymous visitor and are
 * rendered to static HTML at build time.
 */
export const prerenderedPaths: string[] = ["/"];
