import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { BROTLI_MODULE, ensureNginx } from "../../scripts/ensure-nginx";
import { clientBuildDir, freePort } from "./server-process";

/** The site configuration an operator copies (deploy/nginx). */
const SITE_CONFIG = path.resolve("deploy/nginx/volta-meridian.conf");

export interface NginxProxy {
  /** https://127.0.0.1:<port>: the site as visitors reach it (http:// with `plain`). */
  readonly url: string;
  /** http://127.0.0.1:<port>: the plain-HTTP listener that redirects. */
  readonly httpUrl: string;
  /** The self-signed certificate nginx serves, for clients to trust. */
  readonly certificate: string;
  readonly accessLog: () => string;
  readonly errorLog: () => string;
  /** nginx's master process (its worker is its child). */
  readonly pid: number;
  /** The site file and the pid file, for deploy/nginx/upstream.sh. */
  readonly siteFile: string;
  readonly pidFile: string;
  stop(): Promise<void>;
}

function replaceAll(text: string, from: string | RegExp, to: string): string {
  const next = text.replaceAll(from, to);
  if (next === text)
    throw new Error(`${SITE_CONFIG} no longer contains ${String(from)}: update the test template`);
  return next;
}

/**
 * The deploy configuration with only what differs on a test machine
 * replaced: the listening ports (loopback, no IPv6), the host name, the
 * certificate, the instances' ports, the release's client build, the photos' directory and the log file.
 * Everything else (locations, headers, limits, timeouts) is the file as shipped.
 * `plain` drops TLS from the site's listener (the benchmark compares it with
 * a plain file server).
 */
function templateSiteConfig(options: {
  httpPort: number;
  httpsPort: number;
  appPorts: [number, number];
  certificate: string;
  key: string;
  clientDir: string;
  photosDir: string;
  plain?: boolean;
}): string {
  let config = fs.readFileSync(SITE_CONFIG, "utf8");
  config = replaceAll(config, /^\s*listen \[::\]:.*\n/gm, "");
  config = replaceAll(config, /listen 80\b/g, `listen 127.0.0.1:${options.httpPort}`);
  config = replaceAll(config, /listen 443\b/g, `listen 127.0.0.1:${options.httpsPort}`);
  if (options.plain) config = replaceAll(config, / ssl http2\b/g, "");
  config = replaceAll(config, /ssl_certificate .*;/g, `ssl_certificate ${options.certificate};`);
  config = replaceAll(config, /ssl_certificate_key .*;/g, `ssl_certificate_key ${options.key};`);
  config = replaceAll(config, "server_name volta.example.com;", "server_name 127.0.0.1;");
  config = replaceAll(config, "127.0.0.1:3001 ", `127.0.0.1:${options.appPorts[0]} `);
  config = replaceAll(config, "127.0.0.1:3002 ", `127.0.0.1:${options.appPorts[1]} `);
  config = replaceAll(config, "/srv/volta/current/build/client", options.clientDir);
  config = replaceAll(config, "/srv/volta/photos/", `${options.photosDir}/`);
  // Relative to nginx's prefix: the test's own directory.
  config = replaceAll(config, "/var/log/nginx/volta-meridian.access.log", "access.log");
  return config;
}

/**
 * The main configuration Debian's /etc/nginx/nginx.conf would be, with every
 * path inside `prefix` so that nothing system-wide is used or written (the
 * module by its full path: a relative one is read from the prefix).
 */
function mainConfig(prefix: string): string {
  const root = process.getuid?.() === 0;
  return `${root ? `user ${os.userInfo().username};\n` : ""}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
load_module ${BROTLI_MODULE};
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    access_log ${prefix}/access.log;
    client_body_temp_path ${prefix}/client-body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    include ${prefix}/site.conf;
}
`;
}

/** A self-signed certificate for 127.0.0.1, made with openssl. */
function makeCertificate(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );
  return { certificate, key };
}

async function waitForPort(port: number, child: ChildProcess, errorLog: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${errorLog()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port}:\n${errorLog()}`);
}

/**
 * Debian's nginx (installed when missing) in front of the given app ports,
 * with the deploy configuration, in the foreground on free loopback ports,
 * serving files from `clientDir` (the build's client directory by default).
 */
export async function startNginx(
  appPorts: [number, number],
  {
    clientDir = clientBuildDir,
    photosDir,
    plain = false,
  }: { clientDir?: string; photosDir?: string; plain?: boolean } = {},
): Promise<NginxProxy> {
  const nginx = ensureNginx();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-topology-"));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const { certificate, key } = makeCertificate(prefix);
  fs.writeFileSync(
    path.join(prefix, "site.conf"),
    templateSiteConfig({
      httpPort,
      httpsPort,
      appPorts,
      certificate,
      key,
      clientDir,
      photosDir: photosDir ?? path.join(prefix, "photos"),
      plain,
    }),
  );
  fs.writeFileSync(path.join(prefix, "nginx.conf"), mainConfig(prefix));
  const read = (file: string) => () => {
    const full = path.join(prefix, file);
    return fs.existsSync(full) ? fs.readFileSync(full, "utf8") : "";
  };
  const errorLog = read("error.log");
  // -e: the error log before the configuration is read (else /var/log/nginx).
  const child = spawn(
    nginx,
    [
      "-p",
      prefix,
      "-c",
      path.join(prefix, "nginx.conf"),
      "-e",
      path.join(prefix, "error.log"),
      "-g",
      "daemon off;",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await waitForPort(httpsPort, child, () => stderr + errorLog());
  } catch (error) {
    child.kill("SIGKILL");
    await exited;
    fs.rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `${plain ? "http" : "https"}://127.0.0.1:${httpsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    certificate: fs.readFileSync(certificate, "utf8"),
    accessLog: read("access.log"),
    errorLog,
    pid: child.pid!,
    siteFile: path.join(prefix, "site.conf"),
    pidFile: path.join(prefix, "nginx.pid"),
    async stop() {
      // SIGQUIT: nginx's graceful stop.
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
