import { Router } from "express";
import type { RouteObject, ServerBuild } from "react-router";
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

/** Every route's whole pattern, from the root. */
function routePatterns(routes: RouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/{2,}/g, "/") : parent;
    return [path || "/", ...routePatterns(route.children ?? [], path)];
  });
}

interface RouteLabels {
  /** Patterns without a parameter: a path matching one is its own label. */
  fixed: Set<string>;
  /** The others, compiled once and most specific first, as React Router ranks them. */
  dynamic: { pattern: string; matcher: RegExp }[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A static segment outranks a parameter, which outranks a splat (React Router's own ranking, simplified). */
const segmentScore = (segment: string) => (segment === "*" ? -2 : segment.startsWith(":") ? 3 : 10);

/**
 * The route table's labels, worked out once: React Router's matchRoutes flattens and ranks the whole table on
 * every call, which cost a request for a static file more than serving it. The table has parameters and splats
 * only, no optional segments.
 */
function routeLabels(routes: RouteObject[]): RouteLabels {
  const patterns = [...new Set(routePatterns(routes))];
  const score = (pattern: string) =>
    pattern
      .split("/")
      .filter(Boolean)
      .reduce((sum, segment) => sum + segmentScore(segment), 0);
  return {
    fixed: new Set(patterns.filter((pattern) => !/[:*]/.test(pattern))),
    dynamic: patterns
      .filter((pattern) => /[:*]/.test(pattern))
      .sort((a, b) => score(b) - score(a))
      .map((pattern) => {
        const source = pattern
          .split("/")
          .map((segment) =>
            segment === "*" ? ".*" : segment.startsWith(":") ? "[^/]+" : escapeRegExp(segment),
          )
          .join("/");
        return { pattern, matcher: new RegExp(`^${source}/?$`, "i") };
      }),
  };
}

/** The route pattern, never the raw path: a label per distinct URL would let anyone grow the metrics without bound. */
function labelRoute(labels: RouteLabels, path: string): string {
  if (SERVER_PATHS.has(path)) return path;
  if (path.startsWith("/assets/")) return "/assets/*";
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (labels.fixed.has(trimmed)) return trimmed;
  return labels.dynamic.find(({ matcher }) => matcher.test(path))?.pattern ?? "/";
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
  let labels: RouteLabels | undefined =
    typeof build === "function" ? undefined : routeLabels(routeTree(build));
  let loading: Promise<void> | undefined;
  const router = Router();
  router.use((req, res, next) => {
    if (!labels && typeof build === "function") {
      loading ??= build().then((latest) => {
        labels = routeLabels(routeTree(latest));
      });
    }
    const end = httpRequestDuration.startTimer({ method: req.method });
    res.on("finish", () => {
      // req.path when the response finishes, as Express then has it.
      const route = labels ? labelRoute(labels, req.path) : "unlabelled";
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
