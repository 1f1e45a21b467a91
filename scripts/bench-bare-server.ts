/**
 * The benchmark's second ceiling: a bare Node `http` server answering one
 * request with the status, headers and bytes the app gave for it, held in
 * memory. What the app does beyond this is its own cost. It runs as a
 * process of its own, like the app, so neither shares an event loop with
 * the load generator.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

/** One answer as the app sent it. */
export interface CapturedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Names and values in the order sent. */
  rawHeaders: string[];
  body: Buffer;
}

interface BareResponse {
  method: string;
  /** Path and query string, as in the request line. */
  url: string;
  status: number;
  /** Flat name, value list, as writeHead takes it. */
  headers: string[];
  /** File holding the body, read once at start. */
  file: string;
}

export interface BareServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

// Node writes these itself for every response, the app's as this server's.
const NODE_MADE = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** Serves `answer` at `method` `url` from a child process; its files go to `dir`. */
export async function startBareServer(
  dir: string,
  request: { method: string; url: string },
  answer: CapturedAnswer,
): Promise<BareServer> {
  const slug = `${request.method}-${request.url.replace(/\W+/g, "_")}`;
  const file = path.join(dir, `${slug}.body`);
  fs.writeFileSync(file, answer.body);
  const headers: string[] = [];
  for (let at = 0; at < answer.rawHeaders.length; at += 2) {
    const name = answer.rawHeaders[at]!;
    if (!NODE_MADE.has(name.toLowerCase())) headers.push(name, answer.rawHeaders[at + 1]!);
  }
  const responseFile = path.join(dir, `${slug}.json`);
  const response: BareResponse = { ...request, status: answer.status, headers, file };
  fs.writeFileSync(responseFile, JSON.stringify(response));

  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), responseFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<string>((resolve, reject) => {
    void exited.then(() => reject(new Error("bare Node server exited before listening")));
    readline
      .createInterface({ input: child.stdout })
      .once("line", (line) => resolve(line.replace("listening ", "")));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function serve(response: BareResponse): http.Server {
  const body = fs.readFileSync(response.file);
  return http.createServer((req, res) => {
    if (req.method !== response.method || req.url !== response.url) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    if (req.method === "GET" || req.method === "HEAD") {
      res.writeHead(response.status, response.headers).end(body);
      return;
    }
    // Read the whole request first, as the app does before answering a form post.
    req.resume();
    req.on("end", () => res.writeHead(response.status, response.headers).end(body));
  });
}

// Run as the child process: `node --import tsx bench-bare-server.ts <response.json>`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const responseFile = process.argv[2];
  if (!responseFile) throw new Error("usage: bench-bare-server.ts <response.json>");
  const server = serve(JSON.parse(fs.readFileSync(responseFile, "utf8")) as BareResponse);
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`listening ${port}\n`);
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
