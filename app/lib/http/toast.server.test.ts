import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { envContext } from "../context.server";
import { parseEnv } from "../env.server";
import { createToastHeaders } from "./toast.server";

async function toastSetCookie(siteUrl: string): Promise<string> {
  // The toast needs only the configuration.
  const context = new RouterContextProvider();
  context.set(envContext, parseEnv({ SITE_URL: siteUrl }));
  return (await createToastHeaders(context, { title: "Saved" })).getSetCookie()[0]!;
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
