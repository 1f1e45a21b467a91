/**
 * The benchmark's first ceiling: Debian's nginx, one worker, serving files
 * on a loopback port with its own prefix, configuration, pid and log files
 * (nothing of the system's nginx is read or touched). Installed with
 * apt-get when missing and this runs as root; otherwise the row says why
 * there is no figure.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { findOrInstall } from "./bench-apt";

export interface NginxLocation {
  /** The exact path (no query string) the location answers. */
  path: string;
  /** The file sent for it. */
  file: string;
  contentType: string;
  /** Further response headers, added as the app sends them. */
  headers: [name: string, value: string][];
}

export interface NginxServer {
  url: string;
  /** The master's; its worker is its child. */
  pid: number;
  stop(): Promise<void>;
}

/** The nginx binary, installed from Debian (package `nginx`) when missing and allowed; or why not. */
export function ensureNginx(): { binary: string } | { missing: string } {
  return findOrInstall("nginx", "nginx", ["/usr/sbin/nginx"]);
}

// nginx's own string syntax: quoted, with backslash escapes.
const quote = (value: string) => `"${value.replace(/["\\$]/g, (char) => `\\${char}`)}"`;

function configuration(prefix: string, port: number, locations: NginxLocation[]): string {
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  // try_files rather than alias: for a path ending in "/" alias would look for an index.
  const blocks = locations.map(
    (location) => `    location = ${quote(location.path)} {
      default_type ${quote(location.contentType)};
      types { }
      root ${quote(path.dirname(location.file))};
      try_files ${quote(`/${path.basename(location.file)}`)} =404;
${location.headers.map(([name, value]) => `      add_header ${name} ${quote(value)} always;`).join("\n")}
    }`,
  );
  // One worker, as one app process; keep-alive long enough for the whole run.
  return `${user}worker_processes 1;
daemon off;
pid ${quote(path.join(prefix, "nginx.pid"))};
error_log ${quote(path.join(prefix, "error.log"))} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 75s;
  keepalive_requests 1000000;
  server_tokens off;
  client_body_temp_path ${quote(path.join(prefix, "body"))};
  proxy_temp_path ${quote(path.join(prefix, "proxy"))};
  fastcgi_temp_path ${quote(path.join(prefix, "fastcgi"))};
  uwsgi_temp_path ${quote(path.join(prefix, "uwsgi"))};
  scgi_temp_path ${quote(path.join(prefix, "scgi"))};
  server {
    listen 127.0.0.1:${port};
${blocks.join("\n")}
  }
}
`;
}

function waitForPort(port: number, child: ChildProcess, log: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 15_000;
    const attempt = () => {
      if (child.exitCode !== null) {
        reject(new Error(`nginx exited: ${fs.existsSync(log) ? fs.readFileSync(log, "utf8") : ""}`));
        return;
      }
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/** Starts nginx in the foreground under `prefix` (a fresh directory) on `port`. */
export async function startNginx(
  binary: string,
  prefix: string,
  port: number,
  locations: NginxLocation[],
): Promise<NginxServer> {
  fs.mkdirSync(prefix, { recursive: true });
  const config = path.join(prefix, "nginx.conf");
  const log = path.join(prefix, "error.log");
  fs.writeFileSync(config, configuration(prefix, port, locations));
  // -e: the error log before the configuration is read, so nothing goes to /var/log/nginx.
  const args = ["-p", prefix, "-c", config, "-e", log];
  const test = spawnSync(binary, ["-t", ...args], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);
  const child = spawn(binary, args, { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await waitForPort(port, child, log);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // QUIT: a graceful stop; the master waits for its worker.
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
