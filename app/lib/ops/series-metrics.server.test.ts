import { Counter, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { SeriesCounter, SeriesHistogram } from "./series-metrics.server";

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const OBSERVED: [route: string, method: string, status: string, seconds: number][] = [
  ["/", "GET", "200", 0.0004],
  ["/equipment", "GET", "200", 0.012],
  ["/", "GET", "200", 0.005],
  ["/", "HEAD", "304", 0.3],
  ["/contact", "POST", "303", 12],
  ["/", "GET", "404", 2.5],
  ["/equipment", "GET", "200", 0.07],
];

describe("series metrics", () => {
  it("render the text prom-client's Counter and Histogram render for the same requests", async () => {
    const reference = new Registry();
    const counter = new Counter({
      name: "requests_total",
      help: "Requests.",
      labelNames: ["route", "method", "status"],
      registers: [reference],
    });
    const histogram = new Histogram({
      name: "request_seconds",
      help: "Time.",
      labelNames: ["route", "method"],
      buckets: BUCKETS,
      registers: [reference],
    });
    const ours = new Registry();
    const seriesCounter = new SeriesCounter(
      "requests_total",
      "Requests.",
      ["route", "method", "status"],
      ours,
    );
    const seriesHistogram = new SeriesHistogram(
      "request_seconds",
      "Time.",
      ["route", "method"],
      BUCKETS,
      ours,
    );
    // Half through kept series, half through labels, as the fast path and Express count.
    const kept = seriesHistogram.seriesFor({ route: "/", method: "GET" });
    for (const [index, [route, method, status, seconds]] of OBSERVED.entries()) {
      counter.inc({ route, method, status });
      histogram.observe({ route, method }, seconds);
      if (index % 2 === 0) {
        seriesCounter.seriesFor({ route, method, status }).inc();
        if (route === "/" && method === "GET") kept.observe(seconds);
        else seriesHistogram.observe({ route, method }, seconds);
      } else {
        seriesCounter.inc({ route, method, status });
        seriesHistogram.observe({ route, method }, seconds);
      }
    }
    expect(await ours.metrics()).toBe(await reference.metrics());
    // prom-client's JSON also carries each bucket's exemplar (null: none are recorded).
    const withoutExemplars = (json: unknown) =>
      JSON.parse(JSON.stringify(json, (key, value: unknown) => (key === "exemplar" ? undefined : value)));
    expect(await ours.getMetricsAsJSON()).toEqual(withoutExemplars(await reference.getMetricsAsJSON()));
    ours.resetMetrics();
    reference.resetMetrics();
    expect(await ours.metrics()).toBe(await reference.metrics());
  });
});
