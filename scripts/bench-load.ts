/**
 * Puts load on a server with autocannon, and reads what a process costs in
 * memory, for `npm run bench`.
 */
import fs from "node:fs";
import http from "node:http";
import autocannon from "autocannon";
import type { CapturedAnswer } from "./bench-static-server";

export interface Scenario {
  label: string;
  method: "GET" | "POST";
  /** Path and query string. */
  path: string;
  headers: Record<string, string>;
  /** A fresh body per request: the app deduplicates identical submissions. */
  body?: () => string;
  expectedStatus: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Seconds before autocannon gives up on an answer and counts an error. */
  timeoutSeconds: number;
}

export interface Measurement {
  rps: number;
  p99Ms: number;
  /** Answers with another status than the one expected. */
  wrongStatus: number;
  /** Connection errors, timeouts included: load, not a broken request. */
  errors: number;
}

/** One request with exactly the headers autocannon sends, the answer kept as raw bytes. */
export function capture(url: string, scenario: Scenario): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}${scenario.path}`,
      { method: scenario.method, headers: scenario.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(scenario.body?.());
  });
}

async function load(url: string, scenario: Scenario, seconds: number, options: LoadOptions) {
  const { body } = scenario;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: seconds,
    timeout: options.timeoutSeconds,
    requests: [
      {
        method: scenario.method,
        path: scenario.path,
        headers: scenario.headers,
        ...(body ? { setupRequest: (request) => ({ ...request, body: body() }) } : {}),
      },
    ],
  });
  const expected = result.statusCodeStats?.[`${scenario.expectedStatus}`]?.count ?? 0;
  const answers = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
  return {
    rps: result.requests.average,
    p99Ms: result.latency.p99,
    wrongStatus: answers - expected,
    errors: result.errors,
  };
}

export async function measure(url: string, scenario: Scenario, options: LoadOptions): Promise<Measurement> {
  // Lets V8 optimise the hot paths and fills caches before the figures count.
  if (options.warmupSeconds > 0) await load(url, scenario, options.warmupSeconds, options);
  return load(url, scenario, options.seconds, options);
}

/** Resident and peak resident memory of a process, from /proc (Linux only; null elsewhere). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}
