import { CANONICAL_PATH, ROUTE_PATHS, type RoutePath } from "./route-paths";

const PRIVATE_PATHS: readonly RoutePath[] = ["/auth", "/dashboard"];

/** Every public page by its canonical address but the catalogue's items (the database's): the sitemap lists these. */
export function listPublicPages(): string[] {
  return ROUTE_PATHS.filter((path) => !PRIVATE_PATHS.includes(path) && !CANONICAL_PATH[path]);
}
