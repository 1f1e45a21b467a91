/**
 * The table `npm run bench` prints: Markdown, so it can be pasted into the
 * README as it is.
 */
import os from "node:os";
import type { Measurement, Scenario } from "./bench-load";

export interface Row {
  scenario: Scenario;
  bodyBytes: number;
  app: Measurement;
  ceiling: Measurement;
}

// A slow page's figure is a handful a second: one decimal keeps it from reading as 0.
const formatRps = (value: number) =>
  value.toLocaleString("en-GB", { maximumFractionDigits: value < 10 ? 1 : 0 });
const formatMs = (value: number) => `${value.toLocaleString("en-GB", { maximumFractionDigits: 1 })} ms`;
const formatBytes = (bytes: number) =>
  bytes >= 1024
    ? `${(bytes / 1024).toLocaleString("en-GB", { maximumFractionDigits: 1 })} KiB`
    : `${bytes} B`;
export const formatMb = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? "n/a" : `${Math.round(value)} MB`;

export function formatTable(rows: Row[]): string {
  const header = [
    "Request",
    "Body",
    "App req/s",
    "App p99",
    "Static req/s",
    "Static p99",
    "App/static",
    "App errors",
  ];
  const lines = rows.map(({ scenario, bodyBytes, app, ceiling }) => [
    scenario.label,
    formatBytes(bodyBytes),
    formatRps(app.rps),
    formatMs(app.p99Ms),
    formatRps(ceiling.rps),
    formatMs(ceiling.p99Ms),
    `${((app.rps / ceiling.rps) * 100).toFixed(1)} %`,
    String(app.wrongStatus + app.errors),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  // Figures right-aligned, in the Markdown source as in the rendered table.
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
  const rule = `| ${widths.map((width, i) => (i === 0 ? "-".repeat(width) : `${"-".repeat(width - 1)}:`)).join(" | ")} |`;
  return [format(header), rule, ...lines.map(format)].join("\n");
}

/** The same table as data, for `npm run bench -- --json FILE`. */
export function tableAsJson(rows: Row[], context: Record<string, unknown>): string {
  const round = (value: number) => Math.round(value * 10) / 10;
  return `${JSON.stringify(
    {
      ...context,
      rows: rows.map(({ scenario, bodyBytes, app, ceiling }) => ({
        request: scenario.label,
        bodyBytes,
        app: { rps: round(app.rps), p99Ms: round(app.p99Ms), errors: app.wrongStatus + app.errors },
        static: { rps: round(ceiling.rps), p99Ms: round(ceiling.p99Ms) },
        ratio: Math.round((app.rps / ceiling.rps) * 1000) / 1000,
      })),
    },
    null,
    2,
  )}\n`;
}

/** What the figures depend on, including how busy the machine already was. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const memoryGb = Math.round(os.totalmem() / 1024 ** 3);
  return (
    `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${memoryGb} GB RAM, ` +
    `${os.type()} ${os.release()}, Node ${process.version}; load average ${os.loadavg()[0]!.toFixed(2)} at start`
  );
}
