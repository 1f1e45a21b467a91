import { afterEach, describe, expect, it, vi } from "vitest";

const originalSiteUrl = process.env.SITE_URL;
afterEach(() => {
  process.env.SITE_URL = originalSiteUrl;
  vi.resetModules();
});

async function toastSetCookie(siteUrl: string): Promise<string> {
  process.env.SITE_URL = siteUrl;
  vi.resetModules();
  const { createToastHeaders } = await import("./toast.server");
  return (await createToastHeaders({ title: "Saved" })).getSetCookie()[0]!;
}

describe("toast cookie", () => {
  it("finding 13: the toast cookie is Secure on an https site", async () => {
    expect(await toastSetCookie("https://www.example.com")).toMatch(/;\s*Secure/i);
  });

  it("stays usable over plain http in development", async () => {
    const cookie = await toastSetCookie("http://127.0.0.1:3000");
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});
