import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { envContext, toastCookieContext } from "~/lib/context.server";
import { parseEnv } from "~/lib/env.server";
import { appendToast, createToastCookie, getToast } from "~/lib/http/toast.server";

/** The toast needs only its cookie, made from the configuration. */
function toastContext(siteUrl: string) {
  const env = parseEnv({ SITE_URL: siteUrl, BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123" });
  const context = new RouterContextProvider();
  context.set(envContext, env);
  context.set(toastCookieContext, createToastCookie(env));
  return context;
}

async function toastSetCookie(siteUrl: string): Promise<string> {
  return (await appendToast(toastContext(siteUrl), new Headers(), { title: "Saved" })).getSetCookie()[0]!;
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

describe("a forged toast cookie", () => {
  it("finding 11: is ignored, so its text is never shown", async () => {
    const context = toastContext("https://www.example.com");
    // What anyone can write: the toast's JSON, base64-encoded, as the cookie's value.
    const forged = btoa(JSON.stringify({ title: "Your account is locked: call +44 20 0000 0000" }));
    const read = await getToast(
      context,
      new Request("https://www.example.com/", { headers: { cookie: `toast=${forged}` } }),
    );
    expect(read.toast).toBeNull();
    // And cleared, so it does not linger.
    expect(read.headers?.get("set-cookie")).toMatch(/^toast=;.*Max-Age=0/);

    // One the server set is still read back.
    const cookie = (await appendToast(context, new Headers(), { title: "Saved" }))
      .getSetCookie()[0]!
      .split(";")[0]!;
    const genuine = await getToast(context, new Request("https://www.example.com/", { headers: { cookie } }));
    expect(genuine.toast).toMatchObject({ title: "Saved" });
  });
});
