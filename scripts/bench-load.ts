/**
 * Puts load on a server and reads what a process costs in memory, for
 * `npm run bench`. The client must not be what is measured: wrk (C, one
 * thread outruns the app several times over) when installed, else
 * autocannon in worker threads. A request whose body changes each time (a
 * form post) needs autocannon in this process; the app is many times
 * slower there than any client.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import autocannon from "autocannon";
import type { CapturedAnswer } from "./bench-bare-server";

export interface Scenario {
  label: string;
  method: "GET" | "POST";
  /** Path and query string. */
  path: string;
  headers: Record<string, string>;
  /** A fresh body per request: the app deduplicates identical submissions. */
  body?: () => string;
  /** Headers that depend on the body (a signature over it), added to `headers` for each request. */
  bodyHeaders?: (body: string) => Record<string, string>;
  /** Requests a second across all connections, for a fixed rate instead of as fast as the server answers. */
  overallRate?: number;
  expectedStatus: number;
  /** Concurrent connections for this row instead of the run's (the desk's rows: its admins at once). */
  connections?: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Answers a GET's warm-up goes on for, in steps of `warmupSeconds`, up to MAX_WARMUP_SECONDS. */
  warmupRequests: number;
  /** Seconds before the client gives up on an answer and counts an error. */
  timeoutSeconds: number;
  /** wrk's threads, or autocannon's workers. */
  threads: number;
  /** wrk's path; without it, autocannon. */
  wrk?: string;
}

export interface Measurement {
  rps: number;
  p99Ms: number;
  /** Answers with another status than the one expected. */
  wrongStatus: number;
  /** Connection errors, timeouts included: load, not a broken request. */
  errors: number;
  /** Answers counted. */
  requests: number;
  /**
   * CPU time (user and system, every thread) the server's processes spent
   * per answer: on a machine busy with other work a steadier comparison
   * than throughput, which then depends on what else gets the cores.
   */
  cpuUsPerRequest?: number;
}

/** One request with exactly the headers the client sends, the answer kept as raw bytes. */
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
            rawHeaders: response.rawHeaders,
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

/** The client used for a scenario, for the output. */
export function clientFor(scenario: Scenario, options: LoadOptions): string {
  if (scenario.body) return "autocannon (in process: a fresh body per request)";
  return options.wrk
    ? `wrk, ${options.threads} thread${options.threads === 1 ? "" : "s"}`
    : `autocannon, ${options.threads} worker thread${options.threads === 1 ? "" : "s"}`;
}

async function loadWithAutocannon(url: string, scenario: Scenario, seconds: number, options: LoadOptions) {
  const { body, bodyHeaders } = scenario;
  const result = await autocannon({
    url,
    connections: scenario.connections ?? options.connections,
    duration: seconds,
    ...(scenario.overallRate ? { overallRate: scenario.overallRate } : {}),
    timeout: options.timeoutSeconds,
    // Worker threads cannot take a function: a changing body stays in this process.
    ...(body ? {} : { workers: options.threads }),
    requests: [
      {
        method: scenario.method,
        path: scenario.path,
        headers: scenario.headers,
        ...(body
          ? {
              setupRequest: (request) => {
                const fresh = body();
                return { ...request, body: fresh, headers: { ...request.headers, ...bodyHeaders?.(fresh) } };
              },
            }
          : {}),
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
    requests: answers,
  };
}

/** wrk's latency figure ("812.00us", "1.20ms", "2.01s") in milliseconds. */
function milliseconds(figure: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(figure);
  if (!match) return NaN;
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
  return Number(match[1]) * scale;
}

/** Parses what `wrk --latency` prints. */
export function parseWrkOutput(output: string): Measurement {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p99 = /^\s*99%\s+(\S+)/m.exec(output);
  if (!rps || !p99) throw new Error(`could not read wrk's output:\n${output}`);
  return {
    rps: Number(rps[1]),
    p99Ms: milliseconds(p99[1]!),
    // wrk tells apart only answers outside 2xx and 3xx: the GET rows expect 200.
    wrongStatus: number(/Non-2xx or 3xx responses: (\d+)/),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
    requests: number(/(\d+) requests in/),
  };
}

function loadWithWrk(wrk: string, url: string, scenario: Scenario, seconds: number, options: LoadOptions) {
  const args = [
    `--threads=${options.threads}`,
    `--connections=${scenario.connections ?? options.connections}`,
    `--duration=${seconds}s`,
    `--timeout=${options.timeoutSeconds}s`,
    "--latency",
    ...Object.entries(scenario.headers).flatMap(([name, value]) => ["--header", `${name}: ${value}`]),
    `${url}${scenario.path}`,
  ];
  return new Promise<Measurement>((resolve, reject) => {
    const child = spawn(wrk, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) reject(new Error(`wrk exited with ${code}:\n${output}`));
      else {
        try {
          resolve(parseWrkOutput(output));
        } catch (error) {
          reject(error as Error);
        }
      }
    });
  });
}

function load(url: string, scenario: Scenario, seconds: number, options: LoadOptions): Promise<Measurement> {
  if (options.wrk && !scenario.body) {
    if (scenario.method !== "GET") throw new Error(`${scenario.label}: wrk is used for GET only here`);
    return loadWithWrk(options.wrk, url, scenario, seconds, options);
  }
  return loadWithAutocannon(url, scenario, seconds, options);
}

/** Seconds of CPU the processes have used so far, from /proc (Linux only; undefined elsewhere). */
function cpuSecondsOf(pids: number[]): number | undefined {
  try {
    let ticks = 0;
    for (const pid of pids) {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    // USER_HZ: 100 on every Linux that Node runs on.
    return ticks / 100;
  } catch {
    return undefined;
  }
}

/** A process and its children (nginx's master and worker). */
export function withChildren(pid: number): number[] {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return [pid, ...(children ? children.split(" ").map(Number) : [])];
  } catch {
    return [pid];
  }
}

/** However few answers a warm-up has had, it stops after this long. */
export const MAX_WARMUP_SECONDS = 30;

/** Warms up, then measures; `pids` are the server's processes, for its CPU per request. */
export async function measure(
  url: string,
  scenario: Scenario,
  options: LoadOptions,
  pids: () => number[] = () => [],
): Promise<Measurement> {
  // Lets V8 optimise the hot paths and fills caches before the figures count. V8
  // optimises a function after enough calls, not enough seconds: a page that
  // answers a few hundred times a second is still speeding up after two. A
  // post's warm-up is not repeated: every post stores an inquiry and queues
  // its mail, which the measurement would then pay for.
  const wanted = scenario.method === "GET" ? options.warmupRequests : 0;
  if (options.warmupSeconds > 0) {
    let answered = 0;
    let spent = 0;
    do {
      answered += (await load(url, scenario, options.warmupSeconds, options)).requests;
      spent += options.warmupSeconds;
    } while (answered < wanted && spent < MAX_WARMUP_SECONDS);
  }
  const processes = pids();
  const before = cpuSecondsOf(processes);
  const figures = await load(url, scenario, options.seconds, options);
  const after = cpuSecondsOf(processes);
  if (processes.length === 0 || before === undefined || after === undefined || figures.requests === 0) {
    return figures;
  }
  return { ...figures, cpuUsPerRequest: ((after - before) / figures.requests) * 1e6 };
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
