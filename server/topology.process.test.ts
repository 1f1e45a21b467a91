import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAuth, sessionCookieName } from "~/lib/auth/auth.server";
import { openDatabase } from "~/lib/db/db.server";
import { createAccount } from "~db/seed/seed.server";
import { parseEnv } from "~/lib/env.server";
import { FORM_TOKEN_FIELD, issueFormToken } from "~/lib/http/form-guard.server";
import { CONTACT_FORM_PURPOSE } from "~/routes/contact.server";
import { navActions } from "~/content/navigation";
import { contactSubmissions } from "~db/schema";
import { movePagesToOrigin } from "../scripts/finish-build";
import { postForm, signInAdminWithTotp } from "../tests/support/admin-session";
import { type NginxProxy, startNginx } from "../tests/support/nginx-proxy";
import { type ProxyClient, createProxyClient } from "../tests/support/proxy-client";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../tests/support/scratch-postgres";
import { clientBuildDir, freePort, type ServerProcess, spawnServer } from "../tests/support/server-process";
import { BUILD_INFO_FILE, readPrerenderOrigin } from "./prerender-origin";

// Installing nginx on a fresh machine, two instances and their restarts: a
// generous ceiling for a busy machine, not a speed goal.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const SECRET = "topology-test-secret-0123456789-abcdefghijk";
const METRICS_TOKEN = "topology-metrics-token-0123456789";
const ADMIN = {
  name: "Ada Admin",
  email: "ada.admin@example.test",
  password: "amber-quarry-k7q2m9xw4r-lantern-vesper",
  admin: true,
};

/** A valid inquiry with a token of its own (a page loaded a minute ago). */
function inquiry(email: string, n: number): string {
  return new URLSearchParams({
    [FORM_TOKEN_FIELD]: issueFormToken(SECRET, CONTACT_FORM_PURPOSE, Date.now() - 60_000 - n),
    name: "Kwame Asante",
    email,
    interest: "equipment-rental",
    message: `Inquiry ${n}: an excavator for three months.`,
  }).toString();
}

/** A distinct visitor address per inquiry on Linux's loopback (127.0.1.1 and up). */
function visitorAddress(n: number): string {
  return `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

async function scrape(instance: ServerProcess): Promise<string> {
  const response = await fetch(`${instance.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return response.text();
}

async function eventStreamClients(instance: ServerProcess): Promise<number> {
  const match = /^inbox_event_stream_clients (\d+)$/m.exec(await scrape(instance));
  if (!match) throw new Error("no inbox_event_stream_clients in /metrics");
  return Number(match[1]);
}

/** GETs the app answered for the route `/`, on one instance, any status. */
async function homePageRequests(instance: ServerProcess): Promise<number> {
  let count = 0;
  for (const match of (await scrape(instance)).matchAll(/^http_requests_total\{([^}]*)\} (\d+)$/gm)) {
    if (match[1]!.includes('route="/",') && match[1]!.includes('method="GET"')) count += Number(match[2]);
  }
  return count;
}

// Two instances need a shared Postgres, which runs wherever TEST_DATABASE_URL
// is set (always in CI).
describe.skipIf(!process.env.TEST_DATABASE_URL)("nginx in front of two instances (deploy/)", () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  let databaseUrl: string;
  let dataDir: string;
  /** The release's build as deploy/ serves it: its pages moved to the proxy's origin. */
  let siteDir: string;
  let proxy: NginxProxy;
  let client: ProxyClient;
  let env: Record<string, string>;
  let appPorts: [number, number];
  const instances: ServerProcess[] = [];
  let adminCookie: string;

  beforeAll(async () => {
    databaseUrl = await createScratchPostgresDatabase(serverUrl, "topology");
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "topology-"));
    appPorts = [await freePort(), await freePort()];
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), "topology-site-"));
    // nginx reads the files per request: they are written once its port, and so the origin, is known.
    proxy = await startNginx(appPorts, {
      clientDir: path.join(siteDir, "client"),
      photosDir: path.join(dataDir, "catalogue-photos"),
    });
    fs.cpSync(clientBuildDir, path.join(siteDir, "client"), { recursive: true });
    fs.copyFileSync(path.join(clientBuildDir, "..", BUILD_INFO_FILE), path.join(siteDir, BUILD_INFO_FILE));
    // What building the release with SITE_URL set to the proxy's address writes.
    await movePagesToOrigin(siteDir, proxy.url);
    client = createProxyClient({ certificate: proxy.certificate });
    env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: SECRET,
      SITE_URL: proxy.url,
      // As in deploy/volta.env.example: nginx connects from 127.0.0.1.
      TRUST_PROXY: "127.0.0.1",
      // Above nginx's upstream keepalive_timeout (4 s) and its fail_timeout (5 s).
      SHUTDOWN_DELAY_SECONDS: "6",
      CONTACT_RATE_LIMIT: "2/h",
      METRICS_TOKEN,
      LOG_LEVEL: "warn",
    };
    instances.push(
      ...(await Promise.all(appPorts.map((port) => spawnServer({ ...env, PORT: String(port) })))),
    );

    const database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 1 });
    try {
      await createAccount(database.db, parseEnv(env), ADMIN);
      const auth = createAuth(database.db, parseEnv(env));
      ({ cookie: adminCookie } = await signInAdminWithTotp(auth, sessionCookieName(parseEnv(env)), ADMIN));
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    client?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await proxy?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (siteDir) fs.rmSync(siteDir, { recursive: true, force: true });
    if (databaseUrl) await dropScratchPostgresDatabase(serverUrl, databaseUrl);
  });

  /** deploy/nginx/upstream.sh on this test's nginx; asynchronous, so the load goes on meanwhile. */
  const upstream = (state: string, port: number) =>
    promisify(execFile)("sh", [path.resolve("deploy/nginx/upstream.sh"), state, String(port)], {
      env: { ...process.env, NGINX_SITE: proxy.siteFile, NGINX_PID_FILE: proxy.pidFile },
    });

  it("takes an instance out of the upstream and back, and refuses a port nginx does not know or a file it refuses", async () => {
    const site = fs.readFileSync(proxy.siteFile, "utf8");
    await expect(upstream("down", 1)).rejects.toThrow(/has no upstream line for 127\.0\.0\.1:1/);
    await expect(upstream("sideways", appPorts[0])).rejects.toThrow(/usage: .* down\|up <port>/);
    expect(fs.readFileSync(proxy.siteFile, "utf8")).toBe(site);

    await upstream("down", appPorts[0]);
    expect(fs.readFileSync(proxy.siteFile, "utf8")).toContain(
      `server 127.0.0.1:${appPorts[0]} max_fails=1 fail_timeout=5s down;`,
    );
    // Every request nginx passes on now goes to the other instance (a query string reaches the app).
    const before = await Promise.all(instances.map(homePageRequests));
    for (let n = 0; n < 6; n++) expect((await client.request(`${proxy.url}/?from=${n}`)).status).toBe(200);
    expect(await Promise.all(instances.map(homePageRequests))).toEqual([before[0], before[1]! + 6]);

    await upstream("up", appPorts[0]);
    expect(fs.readFileSync(proxy.siteFile, "utf8")).toBe(site);

    // A file nginx refuses: it keeps its old workers, and the script puts the file back as it found it.
    const broken = `${site}\nthis is not nginx;\n`;
    fs.writeFileSync(proxy.siteFile, broken);
    try {
      await expect(upstream("down", appPorts[0])).rejects.toThrow(/nginx did not load .* left as it was/);
      expect(fs.readFileSync(proxy.siteFile, "utf8")).toBe(broken);
    } finally {
      fs.writeFileSync(proxy.siteFile, site);
    }
    expect((await client.request(`${proxy.url}/?from=after`)).status).toBe(200);
  });

  it("redirects HTTP to HTTPS, serves hashed assets precompressed from the build, and the app's headers once", async () => {
    const redirect = await fetch(`${proxy.httpUrl}/about?x=1`, { redirect: "manual" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe("https://127.0.0.1/about?x=1");

    const asset = fs.readdirSync(path.join(clientBuildDir, "assets")).find((name) => name.endsWith(".css"))!;
    const brotli = await client.request(`${proxy.url}/assets/${asset}`, {
      headers: { "accept-encoding": "br" },
    });
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(Number(brotli.headers["content-length"])).toBe(
      fs.statSync(path.join(clientBuildDir, "assets", `${asset}.br`)).size,
    );
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const gzip = await client.request(`${proxy.url}/assets/${asset}`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");

    // A catalogue photo's rendition, from its directory, cached for good (its name is its hash).
    fs.mkdirSync(path.join(dataDir, "catalogue-photos"), { recursive: true });
    const rendition = `${"ab".repeat(16)}-480.jpg`;
    fs.writeFileSync(path.join(dataDir, "catalogue-photos", rendition), "photo bytes");
    const photo = await client.request(`${proxy.url}/catalogue-photos/${rendition}`);
    expect(photo.status).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/jpeg");
    expect(photo.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await client.request(`${proxy.url}/catalogue-photos/missing-480.jpg`)).status).toBe(404);

    const page = await client.request(`${proxy.url}/about`);
    expect(page.status).toBe(200);
    // One policy, the app's (a string, not a list of two).
    expect(page.headers["content-security-policy"]).toMatch(/^default-src 'self'/);
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(page.headers.server).toBe("nginx");

    // Operations endpoints are not reachable through the proxy.
    expect((await client.request(`${proxy.url}/metrics`)).status).toBe(404);
    // Limits: a body larger than any form, and a flood of posts from one address.
    const huge = await client.request(`${proxy.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: proxy.url },
      body: `message=${"x".repeat(70_000)}`,
    });
    expect(huge.status).toBe(413);
    // Posts to a path nginx answers itself (static files take no POST), so
    // the flood outruns 5 a second plus a burst of 30 by far on any machine.
    const flood = await Promise.all(
      Array.from({ length: 100 }, () =>
        client.request(`${proxy.url}/assets/flood`, { method: "POST", from: "127.0.0.30", body: "x" }),
      ),
    );
    expect(flood.filter((response) => response.status === 429).length).toBeGreaterThan(0);
    // Another host name gets no answer at all.
    const otherHost = new Promise((resolve, reject) =>
      http.get(`${proxy.httpUrl}/about`, { headers: { host: "other.example" } }, resolve).on("error", reject),
    );
    await expect(otherHost).rejects.toThrow(/socket hang up/);
  });

  it("answers an anonymous GET for a prerendered page from its file, and a signed-in one through the app", async () => {
    const seen = async () => (await Promise.all(instances.map(homePageRequests))).reduce((a, b) => a + b);
    const before = await seen();
    const page = await client.request(`${proxy.url}/`);
    expect(page.status).toBe(200);
    // Only the app makes request ids.
    expect(page.headers["x-request-id"]).toBeUndefined();
    expect(page.body).toBe(fs.readFileSync(path.join(siteDir, "client", "index.html"), "utf8"));
    // The runtime origin in the canonical link and the structured data, not the build's.
    expect(page.body).toContain(`<link rel="canonical" href="${proxy.url}/"`);
    expect(page.body).toContain(`"url":"${proxy.url}"`);
    expect(page.body).not.toContain(readPrerenderOrigin(clientBuildDir));
    expect(page.body).not.toContain(navActions.signOut.action);
    expect(page.headers.vary).toContain("Cookie");
    // The build's variants, as they are.
    const brotli = await client.request(`${proxy.url}/`, { headers: { "accept-encoding": "br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(Number(brotli.headers["content-length"])).toBe(
      fs.statSync(path.join(siteDir, "client", "index.html.br")).size,
    );
    const data = await client.request(`${proxy.url}/about.data`);
    expect(data.headers["x-request-id"]).toBeUndefined();
    expect(data.headers["content-type"]).toBe("text/x-script; charset=utf-8");
    expect(data.body).toContain(proxy.url);

    // The same security headers as the app's answer for the page, but for the nonce.
    const rendered = await client.request(`${proxy.url}/?from=mail`);
    expect(rendered.headers["x-request-id"]).toBeDefined();
    expect(page.headers["content-security-policy"]).toBe(
      String(rendered.headers["content-security-policy"]).replace(/ 'nonce-[^']+'/, ""),
    );
    const helmetHeaders = Object.keys(rendered.headers).filter(
      (name) =>
        /^(x-|cross-origin|origin-agent|referrer|strict-transport)/.test(name) && name !== "x-request-id",
    );
    expect(helmetHeaders.length).toBeGreaterThan(8);
    for (const name of helmetHeaders) expect(page.headers[name], name).toBe(rendered.headers[name]);
    expect(await seen()).toBe(before + 1);

    // A signed-in visitor gets the app's render, with Sign Out in the header.
    const signedIn = await client.request(`${proxy.url}/`, { headers: { cookie: adminCookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers["x-request-id"]).toBeDefined();
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(signedIn.body).toContain(navActions.signOut.label);
    expect(signedIn.body).toContain(`<link rel="canonical" href="${proxy.url}/"`);
    expect(await seen()).toBe(before + 2);
  });

  it("delivers a change made through one instance to an event stream held by the other", async () => {
    const stream = await client.openStream(`${proxy.url}/dashboard/events`, {
      cookie: adminCookie,
      accept: "text/event-stream",
    });
    try {
      expect(stream.status).toBe(200);
      // Unbuffered: the first record arrives while the response is still open.
      await vi.waitFor(() => expect(stream.received()).toContain("retry: 5000"));
      const open = await Promise.all(instances.map(eventStreamClients));
      expect(open.toSorted()).toEqual([0, 1]);
      const other = instances[open.indexOf(0)]!;

      const body = Object.fromEntries(new URLSearchParams(inquiry("stream@example.test", 0)));
      expect((await postForm(other.url, "/contact", body)).status).toBe(303);
      await vi.waitFor(() => expect(stream.received()).toMatch(/event: inbox\ndata: \w+/), {
        timeout: 15_000,
      });
    } finally {
      stream.close();
    }
  });

  it("counts the visitor's own address for rate limits and ignores an X-Forwarded-For it sends", async () => {
    const post = (from: string, spoofed: string, n: number) =>
      client.request(`${proxy.url}/contact`, {
        method: "POST",
        from,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: proxy.url,
          "x-forwarded-for": spoofed,
        },
        body: inquiry(`limited-${n}@example.test`, n),
      });
    // One visitor claiming a new address each time: the limit is 2 an hour.
    const statuses = [];
    for (const [n, spoofed] of ["203.0.113.1", "203.0.113.2", "203.0.113.3"].entries()) {
      statuses.push((await post("127.0.0.21", spoofed, n + 1)).status);
    }
    expect(statuses).toEqual([303, 303, 429]);
    // The app's refusal, not nginx's flood guard: it carries the app's headers.
    const refused = await post("127.0.0.21", "203.0.113.4", 4);
    expect(refused.status).toBe(429);
    expect(refused.headers["content-security-policy"]).toBeDefined();
    // Another visitor behind the same proxy has a budget of its own.
    expect((await post("127.0.0.22", "203.0.113.1", 5)).status).toBe(303);
  });

  it("restarts the instances one at a time under load without a failed request or a lost inquiry", async () => {
    // Bounded in count and time, and far above what a restart takes: the
    // load must still be running when the second instance comes back.
    const deadline = Date.now() + 180_000;
    let running = true;
    const going = () => running && Date.now() < deadline;
    const failures: string[] = [];
    const acknowledged: string[] = [];
    let gets = 0;
    const asset = fs.readdirSync(path.join(clientBuildDir, "assets")).find((name) => name.endsWith(".js"))!;
    const paths = ["/", "/about", "/equipment", "/equipment?q=excavator", "/contact", `/assets/${asset}`];

    const getLoop = async () => {
      for (let n = 0; going() && n < 20_000; n++) {
        const target = paths[n % paths.length]!;
        try {
          const response = await client.request(`${proxy.url}${target}`);
          gets++;
          if (response.status !== 200)
            failures.push(`GET ${target}: ${response.status} ${response.body.slice(0, 80)}`);
        } catch (error) {
          failures.push(`GET ${target}: ${String(error)}`);
        }
      }
    };
    const postLoop = async (loop: number) => {
      // Each inquiry from its own address, so the limit of 2 an hour never applies.
      for (let n = loop * 2_000; going() && n < (loop + 1) * 2_000; n++) {
        const email = `load-${n}@example.test`;
        try {
          const response = await client.request(`${proxy.url}/contact`, {
            method: "POST",
            from: visitorAddress(n),
            headers: { "content-type": "application/x-www-form-urlencoded", origin: proxy.url },
            body: inquiry(email, 100 + n),
          });
          if (response.status === 303) acknowledged.push(email);
          else failures.push(`POST /contact: ${response.status} ${response.body.slice(0, 80)}`);
        } catch (error) {
          failures.push(`POST /contact: ${String(error)}`);
        }
      }
    };
    // A post nginx must not retry (only /contact's form token makes a retry
    // safe): a sign-in with a wrong password, answered 401 with no session.
    let signIns = 0;
    const signInLoop = async () => {
      for (let n = 0; going() && n < 2_000; n++) {
        try {
          const response = await client.request(`${proxy.url}/auth`, {
            method: "POST",
            // Addresses apart from the inquiries', each under the limit per address.
            from: `127.0.${100 + Math.floor(n / 250)}.${1 + (n % 250)}`,
            headers: { "content-type": "application/x-www-form-urlencoded", origin: proxy.url },
            body: new URLSearchParams({
              intent: "sign-in",
              email: `nobody-${n}@example.test`,
              password: "wrong-password-for-an-unknown-account",
            }).toString(),
          });
          signIns++;
          if (response.status !== 401)
            failures.push(`POST /auth: ${response.status} ${response.body.slice(0, 80)}`);
        } catch (error) {
          failures.push(`POST /auth: ${String(error)}`);
        }
      }
    };
    const load = Promise.all([getLoop(), postLoop(0), postLoop(1), signInLoop()]);

    const progress = () => [gets, acknowledged.length, signIns] as const;
    for (const index of [0, 1]) {
      const before = progress();
      // The runbook's steps: out of nginx's upstream, restarted as systemd does
      // on `systemctl restart volta@<port>` (SIGTERM, wait, start), back in.
      await upstream("down", appPorts[index]!);
      expect(await instances[index]!.stop()).toBe(0);
      instances[index] = await spawnServer({ ...env, PORT: String(appPorts[index]) });
      await upstream("up", appPorts[index]!);
      // The load kept going across the restart.
      const after = progress();
      expect(after[0]).toBeGreaterThan(before[0]);
      expect(after[1]).toBeGreaterThan(before[1]);
      expect(after[2]).toBeGreaterThan(before[2]);
    }
    running = false;
    await load;

    expect(failures).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(10);
    const database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 1 });
    try {
      const stored = await database.db
        .select({ email: contactSubmissions.email })
        .from(contactSubmissions)
        .where(like(contactSubmissions.email, "load-%"));
      // Each acknowledged inquiry once; nothing unacknowledged.
      expect(stored.map((row) => row.email).toSorted()).toEqual(acknowledged.toSorted());
    } finally {
      await database.close();
    }
  }, 240_000);
});
