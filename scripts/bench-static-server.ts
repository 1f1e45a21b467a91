/**
 * The benchmark's ceiling: a plain static file server that answers one
 * request with the bytes the app gave for it, read from a file. It runs as a
 * process of its own, like the app, so neither shares an event loop with the
 * load generator.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

/** One captured response and the request it answers. */
interface StaticResponse {
  method: string;
  /** Path and query string, as in the request line. */
  url: string;
  status: number;
  headers: Record<string, string | string[]>;
  /** File holding the body, as the app sent it. */
  file: string;
}

export interface CapturedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface StaticServer {
  url: string;
  stop(): Promise<void>;
}

// The headers that describe the bytes; the app's security headers are part of its own cost.
const KEPT_HEADERS = ["content-type", "content-encoding", "location", "set-cookie", "vary"];

/** Writes `answer` to files in `dir` and serves it at `method` `url` from a child process. */
export async function startStaticServer(
  dir: string,
  request: { method: string; url: string },
  answer: CapturedAnswer,
): Promise<StaticServer> {
  const slug = `${request.method}-${request.url.replace(/\W+/g, "_")}`;
  const file = path.join(dir, `${slug}.body`);
  fs.writeFileSync(file, answer.body);
  const headers: StaticResponse["headers"] = {};
  for (const name of KEPT_HEADERS) {
    const value = answer.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  const responseFile = path.join(dir, `${slug}.json`);
  const response: StaticResponse = { ...request, status: answer.status, headers, file };
  fs.writeFileSync(responseFile, JSON.stringify(response));

  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), responseFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<string>((resolve, reject) => {
    void exited.then(() => reject(new Error("static server exited before listening")));
    readline
      .createInterface({ input: child.stdout })
      .once("line", (line) => resolve(line.replace("listening ", "")));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function serve(response: StaticResponse): http.Server {
  return http.createServer((req, res) => {
    const entry = req.method === response.method && req.url === response.url ? response : undefined;
    // Read the whole request first, as the app does before answering a form post.
    req.resume();
    req.on("end", () => {
      if (!entry) {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
        return;
      }
      // Read per request, as a file server does; the page cache keeps it cheap.
      fs.readFile(entry.file, (error, body) => {
        if (error) {
          res.writeHead(500, { "Content-Type": "text/plain" }).end(error.message);
          return;
        }
        res.writeHead(entry.status, { ...entry.headers, "Content-Length": body.length }).end(body);
      });
    });
  });
}

// Run as the child process: `node --import tsx bench-static-server.ts <response.json>`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const responseFile = process.argv[2];
  if (!responseFile) throw new Error("usage: bench-static-server.ts <response.json>");
  const server = serve(JSON.parse(fs.readFileSync(responseFile, "utf8")) as StaticResponse);
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`listening ${port}\n`);
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
