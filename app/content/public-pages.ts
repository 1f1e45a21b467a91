import { equipmentItems } from "./equipment";
import { CANONICAL_PATH, ROUTE_PATHS, type RoutePath } from "./page-meta";

const PRIVATE_PATHS: readonly RoutePath[] = ["/auth", "/dashboard"];

/** Every public page by its canonical address: the sitemap lists these. */
export function listPublicPages(): string[] {
  const pages = ROUTE_PATHS.filter((path) => !PRIVATE_PATHS.includes(path) && !CANONICAL_PATH[path]);
  return [...pages, ...equipmentItems.map((item) => `/equipment/${item.id}`)];
}
