import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { requireAdminMiddleware, requireUserMiddleware } from "~/lib/http/guards.server";
import routes from "~/routes";
import * as accountLayout from "~/routes/account.layout";
import * as dashboardLayout from "~/routes/dashboard.layout";

/** Every route of the config with its full URL path and the files of the routes above it. */
function flatten(entries: RouteConfigEntry[], parentPath = "", ancestors: string[] = []) {
  return entries.flatMap((entry): { path: string; file: string; ancestors: string[] }[] => {
    const path = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    return [
      { path, file: entry.file, ancestors },
      ...flatten(entry.children ?? [], path, [...ancestors, entry.file]),
    ];
  });
}

const AREAS = [
  { prefix: "dashboard", layout: "routes/dashboard.layout.tsx" },
  { prefix: "account", layout: "routes/account.layout.tsx" },
];

/**
 * Authorization is the route tree: a route under /dashboard or /account is
 * guarded only because it sits inside its area's layout, whose middleware
 * runs before its loader or action. One added beside the layout instead
 * would be open to anyone; this is the test that says so.
 */
describe("the route tree", () => {
  const all = flatten(routes);

  for (const { prefix, layout } of AREAS) {
    it(`puts every route under /${prefix} inside ${layout}`, () => {
      const inArea = all.filter(({ path }) => path === prefix || path.startsWith(`${prefix}/`));
      // The area's pages, downloads and (for the dashboard) its stream are all there.
      expect(inArea.length).toBeGreaterThanOrEqual(prefix === "dashboard" ? 7 : 4);
      const outside = inArea.filter(({ ancestors }) => !ancestors.includes(layout)).map(({ file }) => file);
      expect(outside, `routes under /${prefix} outside ${layout}`).toEqual([]);
    });
  }

  it("gives each area's layout no path of its own, so every URL stays what it was", () => {
    for (const { layout } of AREAS) {
      const entry = all.find(({ file }) => file === layout);
      expect(entry?.path, layout).toBe("");
    }
  });

  it("guards the layouts with the admin and the signed-in middleware", () => {
    expect(dashboardLayout.middleware).toContain(requireAdminMiddleware);
    expect(accountLayout.middleware).toContain(requireUserMiddleware);
  });
});
