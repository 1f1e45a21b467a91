import crypto from "node:crypto";
import type { ServerResponse } from "node:http";
import { Router } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { DatabaseHandle } from "~/lib/db/db.server";
import { httpRequestDuration, httpRequests, renderMetrics } from "~/lib/ops/metrics.server";
import type { CounterSeries, HistogramSeries } from "~/lib/ops/series-metrics.server";

/** Paths Express answers itself, outside React Router's route table. */
const SERVER_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** Distinct paths whose route label is remembered. */
const MAX_LABELLED_PATHS = 1_000;

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
 * The route pattern that answered (`/equipment/:id`), never the raw path:
 * a label per distinct URL would let anyone grow the metrics without bound.
 */
function createRouteLabeler(build: ServerBuild): (path: string) => string {
  const routes = routeTree(build);
  // matchRoutes flattens and ranks the whole route table on every call: a
  // quarter of the CPU of serving a prerendered page, so labels are kept per
  // path (bounded, since anyone can request any path).
  const labels = new Map<string, string>();
  return (path) => {
    if (SERVER_PATHS.has(path)) return path;
    if (path.startsWith("/assets/")) return "/assets/*";
    const known = labels.get(path);
    if (known !== undefined) return known;
    const matches = matchRoutes(routes, path) ?? [];
    const pattern = matches
      .map((match) => match.route.path)
      .filter((segment): segment is string => Boolean(segment))
      .join("/");
    const label = `/${pattern}`.replace(/\/{2,}/g, "/");
    if (labels.size >= MAX_LABELLED_PATHS) labels.clear();
    labels.set(path, label);
    return label;
  };
}

function sameToken(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing.
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

export interface RequestMetrics {
  /** Counts and times a response when it finishes, labelled by the route answering `path`. */
  observe(res: ServerResponse, method: string, path: () => string): void;
  /**
   * The same for a path known before the response (the fast path's), with
   * its series looked up once per route, method and status rather than
   * per request: the per-request work is the timer and two additions.
   */
  observeKnown(res: ServerResponse, method: string, path: string): void;
}

/**
 * The request counter and timer, shared by the Express middleware and the
 * fast path (server/fast-path.ts), so both label alike.
 */
export function createRequestMetrics(
  /** The build, or (development) a function that loads its latest version. */
  build: ServerBuild | (() => Promise<ServerBuild>),
): RequestMetrics {
  // In development the route table is read once, at the first request:
  // labels for routes added later need a restart, which is fine for dev.
  let labelRoute: ((path: string) => string) | undefined =
    typeof build === "function" ? undefined : createRouteLabeler(build);
  let loading: Promise<void> | undefined;
  // The series of each route and method, then status, kept here so that a
  // request answered from memory updates two numbers; bounded as the routes
  // are (labels, not paths).
  const seriesSets = new Map<
    string,
    {
      timed: HistogramSeries;
      labels: { route: string; method: string };
      byStatus: Map<number, CounterSeries>;
    }
  >();
  const seriesSetOf = (route: string, method: string) => {
    const key = `${method} ${route}`;
    let set = seriesSets.get(key);
    if (!set) {
      const labels = { route, method };
      set = { timed: httpRequestDuration.seriesFor(labels), labels, byStatus: new Map() };
      seriesSets.set(key, set);
    }
    return set;
  };
  // The fast path's paths, per method, to their route's series: one lookup
  // per request rather than a key built and the route label looked up.
  // Bounded as the route labels are.
  const knownSets = new Map<string, Map<string, ReturnType<typeof seriesSetOf>>>();
  const knownSetOf = (labelOf: (path: string) => string, method: string, path: string) => {
    let byPath = knownSets.get(method);
    if (!byPath) knownSets.set(method, (byPath = new Map()));
    let set = byPath.get(path);
    if (!set) {
      if (byPath.size >= MAX_LABELLED_PATHS) byPath.clear();
      byPath.set(path, (set = seriesSetOf(labelOf(path), method)));
    }
    return set;
  };
  return {
    observeKnown(res, method, path) {
      if (!labelRoute) return this.observe(res, method, () => path);
      const set = knownSetOf(labelRoute, method, path);
      const start = performance.now();
      res.on("finish", () => {
        set.timed.observe((performance.now() - start) / 1000);
        const status = res.statusCode;
        let counted = set.byStatus.get(status);
        if (!counted) {
          counted = httpRequests.seriesFor({ ...set.labels, status: String(status) });
          set.byStatus.set(status, counted);
        }
        counted.inc();
      });
    },
    observe(res, method, path) {
      if (!labelRoute && typeof build === "function") {
        loading ??= build().then((latest) => void (labelRoute = createRouteLabeler(latest)));
      }
      const start = performance.now();
      res.on("finish", () => {
        const labels = { route: labelRoute?.(path()) ?? "unlabelled", method };
        httpRequestDuration.observe(labels, (performance.now() - start) / 1000);
        httpRequests.inc({ ...labels, status: String(res.statusCode) });
      });
    },
  };
}

/**
 * Counts and times every request, and serves GET /metrics to a bearer of
 * METRICS_TOKEN. Without a token configured /metrics does not exist (404).
 */
export function metricsRoutes({
  metrics,
  token,
  database,
}: {
  metrics: RequestMetrics;
  token: string | undefined;
  database: DatabaseHandle;
}): Router {
  const router = Router();
  router.use((req, res, next) => {
    // req.path when the response finishes, as Express then has it.
    metrics.observe(res, req.method, () => req.path);
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
