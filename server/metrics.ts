import { Router } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { DatabaseHandle } from "~/lib/db/db.server";
import { httpRequestDuration, httpRequests, renderMetrics } from "~/lib/ops/metrics.server";
import { sameToken } from "./request-guards";

/** Paths Express answers itself, outside React Router's route table. */
const SERVER_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** React Router's flat route manifest as the tree matchRoutes expects. */
function routeTree(build: ServerBuild): RouteObject[] {
  type Route = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, Route[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const children = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: children(route.id),
          },
    );
  return children(undefined);
}

/**
 * The patterns of routes without a parameter, labelled without matching: matchRoutes ranks the whole route table
 * on every call, and nothing ranks above a path matching itself.
 */
function staticPatterns(routes: RouteObject[], parent = ""): Set<string> {
  const patterns = new Set<string>();
  for (const route of routes) {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/{2,}/g, "/") : parent;
    if (/[:*]/.test(path)) continue;
    patterns.add(path || "/");
    for (const child of staticPatterns(route.children ?? [], path)) patterns.add(child);
  }
  return patterns;
}

/** The route pattern, never the raw path: a label per distinct URL would let anyone grow the metrics without bound. */
function labelRoute(routes: RouteObject[], fixed: Set<string>, path: string): string {
  if (SERVER_PATHS.has(path)) return path;
  if (path.startsWith("/assets/")) return "/assets/*";
  if (fixed.has(path)) return path;
  const pattern = (matchRoutes(routes, path) ?? [])
    .map((match) => match.route.path)
    .filter((segment): segment is string => Boolean(segment))
    .join("/");
  return `/${pattern}`.replace(/\/{2,}/g, "/");
}

/** Counts and times every request; GET /metrics for a bearer of METRICS_TOKEN, 404 without one configured. */
export function metricsRoutes({
  build,
  token,
  database,
}: {
  /** The build, or (development) a function that loads its latest version. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  token: string | undefined;
  database: DatabaseHandle;
}): Router {
  // In development the route table is read at the first request: routes added later need a restart.
  let routes: RouteObject[] | undefined = typeof build === "function" ? undefined : routeTree(build);
  let fixed = routes ? staticPatterns(routes) : new Set<string>();
  let loading: Promise<void> | undefined;
  const router = Router();
  router.use((req, res, next) => {
    if (!routes && typeof build === "function") {
      loading ??= build().then((latest) => {
        routes = routeTree(latest);
        fixed = staticPatterns(routes);
      });
    }
    const end = httpRequestDuration.startTimer({ method: req.method });
    res.on("finish", () => {
      // req.path when the response finishes, as Express then has it.
      const route = routes ? labelRoute(routes, fixed, req.path) : "unlabelled";
      end({ route });
      httpRequests.inc({ route, method: req.method, status: String(res.statusCode) });
    });
    next();
  });

  router.get("/metrics", async (req, res, next) => {
    if (!token) return next();
    const [scheme, given] = (req.headers.authorization ?? "").split(" ");
    res.setHeader("Cache-Control", "no-store");
    if (scheme?.toLowerCase() !== "bearer" || !given || !sameToken(given, token)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).type("text/plain").send("A valid bearer token is required.");
      return;
    }
    const { contentType, body } = await renderMetrics(database);
    res.type(contentType).send(body);
  });
  return router;
}
