/**
 * `npm run bench:instructions`: instructions per request (valgrind's
 * callgrind, every thread of the server process) for a prerendered page and
 * a filtered catalogue view beside the bare Node server of `npm run bench` answering the same
 * bytes. Instruction counts do not depend on what else runs on the machine,
 * so the comparison holds on a busy machine where requests per second do not.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { promisify } from "node:util";
import type { Scenario } from "./bench-load";
import { loadAverage } from "./bench-report";
import { parseCommandLine } from "./command-line";
import { ensureBuild } from "./ensure-build";
import { freePort } from "../tests/support/server-process";
import { readPrerenderOrigin } from "../server/prerender-origin";

const USAGE = `Usage: npm run bench:instructions [-- options]

Starts the production server (built first if there is no build) and the
bare Node server of \`npm run bench\` under valgrind's callgrind, sends each
the same keep-alive GETs (GET /, GET /equipment?q=excavator) from this
process and prints the instructions each server executed per request, all
threads, idle timers included. Needs valgrind.

Options:
  --requests N     requests counted per round (2000)
  --warmup N       requests before counting, uninstrumented then instrumented (20000)
  --rounds N       rounds per request and server (3)
  --connections N  concurrent keep-alive connections (20)
  --log-level L    the app's LOG_LEVEL (warn, as npm run bench; info is production's default)
  --only WHICH     app or node
  --path PATH      only this one of the two requests (/ or /equipment?q=excavator)
  -h, --help       print this and exit

Environment:
  BUILD_DIR        the build to run (build)`;

const { values: options } = parseCommandLine(
  USAGE,
  {
    requests: { type: "string" },
    warmup: { type: "string" },
    rounds: { type: "string" },
    connections: { type: "string" },
    "log-level": { type: "string" },
    only: { type: "string" },
    path: { type: "string" },
  },
  { min: 0, max: 0 },
);

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { capture } = await import("./bench-load");

const REQUESTS = Number(options.requests ?? 2000);
const WARMUP = Number(options.warmup ?? 20_000);
const ROUNDS = Number(options.rounds ?? 3);
const CONNECTIONS = Number(options.connections ?? 20);
const LOG_LEVEL = options["log-level"] ?? "warn";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const run = promisify(execFile);
/**
 * valgrind and vgdb (which callgrind_control uses) name their pipes after
 * these variables; the server's HOST is also the address it binds.
 */
const VGDB_NAMING = { LOGNAME: "bench", HOST: "127.0.0.1" };

const SCENARIOS: Scenario[] = [
  { label: "GET /", method: "GET", path: "/", headers: {}, expectedStatus: 200 },
  {
    label: "GET /equipment?q=excavator",
    method: "GET",
    path: "/equipment?q=excavator",
    headers: {},
    expectedStatus: 200,
  },
];

interface Grinder {
  url: string;
  child: ChildProcess;
  outFile: string;
}

/** Starts `args` under callgrind with instrumentation off until asked; resolves once `ready` does. */
async function underCallgrind(
  args: string[],
  env: NodeJS.ProcessEnv,
  outFile: string,
  ready: (child: ChildProcess) => Promise<string>,
): Promise<Grinder> {
  const child = spawn(
    "valgrind",
    ["--tool=callgrind", "--instr-atstart=no", `--callgrind-out-file=${outFile}`, ...args],
    { env: { ...env, ...VGDB_NAMING }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${errors}`))),
  );
  return { url: await Promise.race([ready(child), exited]), child, outFile };
}

/** One request on a connection of its own (a kept-alive one may have been closed meanwhile). */
function wakeUp(url: string, scenario: Scenario): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(
      `${url}${scenario.path}`,
      { method: scenario.method, agent: false },
      (response) => {
        response.resume();
        response.on("end", resolve);
      },
    );
    request.on("error", () => resolve());
    request.end();
  });
}

/**
 * Runs a callgrind_control command; callgrind reads it only while the
 * process runs, so requests keep an idle server waking until it is done.
 */
async function control(grinder: Grinder, flag: string, scenario: Scenario): Promise<void> {
  let done = false;
  // The app's timers wake it; an idle bare server needs a request.
  const wake = (): Promise<unknown> =>
    new Promise((resolve) => setTimeout(resolve, 2000)).then(() => {
      if (!done) return wakeUp(grinder.url, scenario);
    });
  const command = run("callgrind_control", [flag, String(grinder.child.pid)], {
    env: { ...process.env, ...VGDB_NAMING },
  }).finally(() => (done = true));
  while (!done) {
    await Promise.race([command, wake()]);
  }
  await command;
}

/**
 * Sends `amount` requests over CONNECTIONS kept-alive connections, each
 * waiting for its answer (by Content-Length) before the next, as wrk does.
 */
async function send(url: string, scenario: Scenario, amount: number): Promise<void> {
  const { hostname, port, host } = new URL(url);
  const headers = Object.entries(scenario.headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const request = Buffer.from(
    `${scenario.method} ${scenario.path} HTTP/1.1\r\nHost: ${host}\r\n${headers.join("")}\r\n`,
  );
  let sent = 0;
  const connection = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname);
      let buffered = Buffer.alloc(0);
      let waiting = false;
      const next = () => {
        waiting = sent < amount;
        if (!waiting) return void socket.end(resolve);
        sent++;
        socket.write(request);
      };
      socket.on("connect", next);
      // Slowed down by valgrind, the server may close a kept-alive connection
      // (its keep-alive timeout) before reading the request sent on it: sent again.
      socket.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "ECONNRESET" && error.code !== "EPIPE") return reject(error);
        if (waiting) sent--;
        waiting = false;
        socket.destroy();
        connection().then(resolve, reject);
      });
      socket.on("data", (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        for (;;) {
          const end = buffered.indexOf("\r\n\r\n");
          if (end === -1) return;
          const head = buffered.subarray(0, end).toString("latin1");
          const status = Number(head.slice(9, 12));
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
          const bodyLength = status === 304 ? 0 : length;
          if (buffered.length < end + 4 + bodyLength) return;
          if (status !== scenario.expectedStatus) {
            return reject(new Error(`${scenario.label}: answered ${status}`));
          }
          buffered = buffered.subarray(end + 4 + bodyLength);
          next();
        }
      });
    });
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
}

/** Instructions in the newest dump since the previous one. */
function lastDumpInstructions(outFile: string): number {
  const dir = path.dirname(outFile);
  const dumps = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(path.basename(outFile)))
    .map((name) => path.join(dir, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  const text = fs.readFileSync(dumps[0]!, "utf8");
  const totals = /^(?:totals|summary): (\d+)/m.exec(text);
  if (!totals) throw new Error(`no totals in ${dumps[0]}`);
  return Number(totals[1]);
}

/**
 * Instructions per request, one figure per round. Under valgrind a round
 * lasts tens of times longer than at full speed, so what the server does on
 * its own clock (timers, the job queue, a major garbage collection, which
 * V8 also starts when a server goes idle) weighs tens of times more per
 * request than it would: the lowest round is the one to compare.
 */
async function measure(grinder: Grinder, scenario: Scenario): Promise<number[]> {
  await control(grinder, "--instr=off", scenario);
  await send(grinder.url, scenario, WARMUP);
  await control(grinder, "--instr=on", scenario);
  // New translations for the instrumented code, and the JIT's code seen once instrumented.
  await send(grinder.url, scenario, Math.min(WARMUP, 2000));
  const counted: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await control(grinder, "--zero", scenario);
    await send(grinder.url, scenario, REQUESTS);
    await control(grinder, "--dump", scenario);
    counted.push(lastDumpInstructions(grinder.outFile) / REQUESTS);
  }
  return counted;
}

async function stop(grinder: Grinder) {
  if (grinder.child.exitCode !== null) return;
  const exited = new Promise((resolve) => grinder.child.once("exit", resolve));
  grinder.child.kill("SIGTERM");
  const timer = setTimeout(() => grinder.child.kill("SIGKILL"), 60_000);
  await exited;
  clearTimeout(timer);
}

async function startApp(tempDir: string): Promise<Grinder> {
  const port = String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: port,
    // The build's, as `npm start` runs it: prerendered pages are then served as files.
    SITE_URL: readPrerenderOrigin(path.resolve(BUILD_DIR, "client")) ?? url,
    DATA_DIR: path.join(tempDir, "data"),
    BETTER_AUTH_SECRET: "bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
    CONTACT_RATE_LIMIT: "0",
    LOG_LEVEL,
  };
  const entry = path.resolve(BUILD_DIR, "server/index.js");
  // The log lines go to a file, as to a pipe read by another process.
  const log = fs.openSync(path.join(tempDir, "app.log"), "w");
  return underCallgrind(["node", entry], env, path.join(tempDir, "app.callgrind"), async (child) => {
    child.stdout!.on("data", (chunk: Buffer) => fs.writeSync(log, chunk));
    for (;;) {
      const answer = await fetch(`${url}/readyz`).catch(() => undefined);
      if (answer?.ok) return url;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });
}

async function startBare(tempDir: string, scenario: Scenario, appUrl: string): Promise<Grinder> {
  const answer = await capture(appUrl, scenario);
  const slug = scenario.path.replace(/\W+/g, "_");
  const file = path.join(tempDir, `${slug}.body`);
  fs.writeFileSync(file, answer.body);
  const nodeMade = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
  const headers: string[] = [];
  for (let at = 0; at < answer.rawHeaders.length; at += 2) {
    if (!nodeMade.has(answer.rawHeaders[at]!.toLowerCase())) {
      headers.push(answer.rawHeaders[at]!, answer.rawHeaders[at + 1]!);
    }
  }
  const responseFile = path.join(tempDir, `${slug}.json`);
  fs.writeFileSync(
    responseFile,
    JSON.stringify({ method: scenario.method, url: scenario.path, status: answer.status, headers, file }),
  );
  const script = path.resolve("scripts/bench-bare-server.ts");
  return underCallgrind(
    ["node", "--import", "tsx", script, responseFile],
    { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    path.join(tempDir, `bare-${slug}.callgrind`),
    (child) =>
      new Promise((resolve) =>
        readline
          .createInterface({ input: child.stdout! })
          .once("line", (line) => resolve(`http://127.0.0.1:${line.replace("listening ", "")}`)),
      ),
  );
}

const list = (figures: number[]) =>
  figures.map((figure) => Math.round(figure).toLocaleString("en-GB")).join(", ");

const median = (figures: number[]) => {
  const sorted = [...figures].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function report(label: string, counted: number[]) {
  const round = (figure: number) => Math.round(figure).toLocaleString("en-GB");
  console.log(
    `${label}: instructions/request ${list(counted)} (lowest ${round(Math.min(...counted))}, ` +
      `median ${round(median(counted))})`,
  );
}

async function main() {
  ensureBuild(BUILD_DIR);
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-instructions-"));
  console.log(
    `${REQUESTS} requests × ${ROUNDS} rounds after ${WARMUP} warm-up, ${CONNECTIONS} connections, ` +
      `app LOG_LEVEL=${LOG_LEVEL}; load average ${loadAverage()}`,
  );
  const app = await startApp(tempDir);
  try {
    for (const scenario of SCENARIOS.filter(
      ({ path }) => options.path === undefined || path === options.path,
    )) {
      // One answer before counting: the first request loads what a route needs.
      await capture(app.url, scenario);
      if (options.only !== "node") {
        report(`${scenario.label}  app `, await measure(app, scenario));
      }
      if (options.only !== "app") {
        const bare = await startBare(tempDir, scenario, app.url);
        try {
          report(`${scenario.label}  node`, await measure(bare, scenario));
        } finally {
          await stop(bare);
        }
      }
    }
  } finally {
    await stop(app);
    console.log(`load average ${loadAverage()}; callgrind files in ${tempDir}`);
  }
}

await main();
