/**
 * The table `npm run bench` prints: Markdown, so it can be pasted into the
 * docs as it is.
 */
import os from "node:os";
import type { Measurement, Scenario } from "./bench-load";

export interface Row {
  scenario: Scenario;
  bodyBytes: number;
  app: Measurement;
  /** A bare Node `http` server answering the same bytes and headers from memory. */
  node: Measurement;
  /** nginx serving the same bytes as a file (GET rows, when nginx is there). */
  nginx?: Measurement;
}

// A slow page's figure is a handful a second: one decimal keeps it from reading as 0.
const formatRps = (value: number) =>
  value.toLocaleString("en-GB", { maximumFractionDigits: value < 10 ? 1 : 0 });
const formatMs = (value: number) => `${value.toLocaleString("en-GB", { maximumFractionDigits: 1 })} ms`;
const formatBytes = (bytes: number) =>
  bytes >= 1024
    ? `${(bytes / 1024).toLocaleString("en-GB", { maximumFractionDigits: 1 })} KiB`
    : `${bytes} B`;
const formatRatio = (part: number, whole: number | undefined) =>
  whole === undefined ? "–" : `${((part / whole) * 100).toFixed(1)} %`;
const formatCpu = (figures: Measurement | undefined) =>
  figures?.cpuUsPerRequest === undefined
    ? "–"
    : `${figures.cpuUsPerRequest.toLocaleString("en-GB", { maximumFractionDigits: figures.cpuUsPerRequest < 100 ? 1 : 0 })} µs`;
export const formatMb = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? "n/a" : `${Math.round(value)} MB`;

/** The app's CPU per request against the bare server's, as a throughput ratio would read. */
const cpuRatio = ({ app, node }: Row) =>
  app.cpuUsPerRequest && node.cpuUsPerRequest ? node.cpuUsPerRequest / app.cpuUsPerRequest : undefined;

export function formatTable(rows: Row[]): string {
  const header = [
    "Request",
    "Body",
    "App req/s",
    "App p99",
    "Node req/s",
    "App/Node",
    "nginx req/s",
    "App/nginx",
    "App CPU/req",
    "Node CPU/req",
    "Node/App CPU",
    "App errors",
  ];
  const lines = rows.map((row) => {
    const { scenario, bodyBytes, app, node, nginx } = row;
    const ratio = cpuRatio(row);
    return [
      scenario.label,
      formatBytes(bodyBytes),
      formatRps(app.rps),
      formatMs(app.p99Ms),
      formatRps(node.rps),
      formatRatio(app.rps, node.rps),
      nginx ? formatRps(nginx.rps) : "–",
      formatRatio(app.rps, nginx?.rps),
      formatCpu(app),
      formatCpu(node),
      ratio === undefined ? "–" : `${(ratio * 100).toFixed(1)} %`,
      String(app.wrongStatus + app.errors),
    ];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  // Figures right-aligned, in the Markdown source as in the rendered table.
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
  const rule = `| ${widths.map((width, i) => (i === 0 ? "-".repeat(width) : `${"-".repeat(width - 1)}:`)).join(" | ")} |`;
  return [format(header), rule, ...lines.map(format)].join("\n");
}

/** The same table as data, for `npm run bench -- --json FILE`. */
export function tableAsJson(rows: Row[], context: Record<string, unknown>): string {
  const round = (value: number | undefined) => (value === undefined ? null : Math.round(value * 10) / 10);
  const ratio = (part: number, whole: number | undefined) =>
    whole === undefined ? null : Math.round((part / whole) * 1000) / 1000;
  const figures = (measurement: Measurement) => ({
    rps: round(measurement.rps),
    p99Ms: round(measurement.p99Ms),
    cpuUsPerRequest: round(measurement.cpuUsPerRequest),
  });
  return `${JSON.stringify(
    {
      ...context,
      rows: rows.map((row) => ({
        request: row.scenario.label,
        bodyBytes: row.bodyBytes,
        app: { ...figures(row.app), errors: row.app.wrongStatus + row.app.errors },
        node: figures(row.node),
        nginx: row.nginx ? figures(row.nginx) : null,
        appToNode: ratio(row.app.rps, row.node.rps),
        appToNginx: ratio(row.app.rps, row.nginx?.rps),
        nodeToAppCpu: ratio(row.node.cpuUsPerRequest ?? 0, row.app.cpuUsPerRequest),
      })),
    },
    null,
    2,
  )}\n`;
}

/** How busy the machine is: the figures depend on it. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

/** What the figures depend on, including how busy the machine already was. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const memoryGb = Math.round(os.totalmem() / 1024 ** 3);
  return (
    `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${memoryGb} GB RAM, ` +
    `${os.type()} ${os.release()}, Node ${process.version}; load average ${loadAverage()} at start`
  );
}
