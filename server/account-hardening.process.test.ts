import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONTACT_FORM_PURPOSE } from "~/routes/contact.server";
import { FORM_TOKEN_FIELD, issueFormToken } from "~/lib/http/form-guard.server";
import { SEEDED_SECRET, type SeededSite, startSeededSite } from "../tests/support/seeded-site";

// A server start on a busy 2-core machine: a generous ceiling, not a goal.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const BACKEND = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
const NOTES = "Called back on Monday.";

/** A raw request: fetch() refuses TRACE and TRACK itself. */
function rawRequest(url: string, method: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`${method} / HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
    });
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

/** The security findings that need the whole server: caching, errors, the event stream. */
describe(`account hardening, on the running server (${BACKEND})`, () => {
  let site: SeededSite<"annotated">;
  beforeAll(async () => {
    site = await startSeededSite(BACKEND, {
      annotated: {
        name: "Nina Notes",
        email: "nina.notes@example.test",
        interest: "gold-buying",
        message: "An inquiry.",
        admin_notes: NOTES,
      },
    });
  });
  afterAll(async () => {
    await site?.stop();
  });

  const get = (path: string, cookie?: string) =>
    fetch(site.url + path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const post = (path: string, cookie: string | null, fields: Record<string, string>) =>
    fetch(site.url + path, {
      method: "POST",
      headers: { origin: site.url, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });

  it.each([
    ["/dashboard", "admin"],
    ["/dashboard.data", "admin"],
    ["/", "member"],
    ["/about", "member"],
    ["/auth", "member"],
    ["/dashboard", "member"],
  ] as const)("finding 8: %s for a signed-in %s is private, no-store", async (path, who) => {
    const response = await get(path, site.cookies[who]);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("finding 8: anonymous pages keep their own caching", async () => {
    expect((await get("/about")).headers.get("cache-control")).not.toBe("private, no-store");
  });

  it.each([
    ["a reset token", "/auth/reset-password?token=%00", undefined],
    ["the inbox search", "/dashboard?q=%00", "admin"],
    ["the inbox search's data", "/dashboard.data?q=a%00b", "admin"],
  ] as const)("finding 12: a NUL in %s is a client error, not a 500", async (_label, path, who) => {
    const response = await get(path, who ? site.cookies[who] : undefined);
    expect(response.status).toBe(400);
  });

  it("finding 12: a NUL in the notes is refused and changes nothing", async () => {
    const response = await post("/dashboard", site.cookies.admin, {
      intent: "save-notes",
      id: site.inquiryIds.annotated,
      notes: "evil\u0000notes",
    });
    expect(response.status).toBe(400);
    // The lead's own page shows its notes whichever layout the inbox is in.
    const page = await (
      await get(`/dashboard/inquiries/${site.inquiryIds.annotated}`, site.cookies.admin)
    ).text();
    expect(page).toContain(NOTES);
  });

  it.each(["TRACE", "TRACK"])("finding 12: %s / is refused with a 4xx, never a 500", async (method) => {
    const answer = await rawRequest(site.url, method);
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
    if (method === "TRACE") expect(status).toBe(405);
    // Node's HTTP parser does not know TRACK and answers 400 itself.
    else expect([400, 405]).toContain(status);
    expect(answer).not.toMatch(/at .+\.js:\d+/);
  });

  // Last: it ends the admin's session.
  it("finding 11: an open event stream ends when its admin signs out", async () => {
    const response = await fetch(`${site.url}/dashboard/events`, { headers: { cookie: site.cookies.admin } });
    expect(response.status).toBe(200);
    // Finding 8 too, keeping the stream's no-transform.
    expect(response.headers.get("cache-control")).toBe("private, no-store, no-transform");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toContain("retry:");

    const signOut = await post("/auth/sign-out", site.cookies.admin, {});
    expect(signOut.status).toBeLessThan(400);
    expect((await get("/dashboard", site.cookies.admin)).status).toBe(302);

    // A new inquiry after the sign-out: the stream must end, not report it.
    const contact = await post("/contact", null, {
      name: "Late Lead",
      email: "late.lead@example.test",
      phone: "",
      whatsapp: "",
      company: "",
      interest: "consultation",
      deal_size: "",
      message: "Arrives after the admin signed out.",
      [FORM_TOKEN_FIELD]: issueFormToken(SEEDED_SECRET, CONTACT_FORM_PURPOSE, Date.now() - 60_000),
    });
    expect(contact.status).toBe(303);
    let received = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value);
      if (received.includes("event: inbox")) break;
    }
    expect(received).not.toContain("event: inbox");
  });
});
