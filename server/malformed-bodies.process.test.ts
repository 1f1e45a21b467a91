import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { UNREADABLE_FORM_MESSAGE } from "~/lib/http/form-data.server";
import {
  ACTIONS,
  clientSessionCookie,
  INQUIRIES,
  seedHeldMessage,
  type Site,
  UPLOAD_TEST_KEY,
} from "../tests/support/csrf-endpoints";
import { summarize } from "../tests/support/db-snapshot";
import { singleFetchPath } from "../tests/support/csrf-requests";
import { startSeededSite } from "../tests/support/seeded-site";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const BACKEND = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

/** Bodies no form of ours sends: broken encodings, wrong types, truncated parts. */
const MALFORMED: { name: string; contentType: string | null; body: Blob | string }[] = [
  { name: "multipart without a boundary", contentType: "multipart/form-data", body: "intent=sign-in" },
  {
    name: "truncated multipart",
    contentType: "multipart/form-data; boundary=xyz",
    body: '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsign-',
  },
  {
    name: "bad percent-encoding",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=%zz&email=%E0%A4%A&name=%",
  },
  {
    name: "invalid UTF-8",
    contentType: "application/x-www-form-urlencoded",
    body: new Blob([new Uint8Array([0x69, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0x3d, 0xff, 0xfe, 0xc3, 0x28])]),
  },
  { name: "broken JSON", contentType: "application/json", body: '{"intent": "sign-in", "email":' },
  {
    name: "no content type, binary",
    contentType: null,
    body: new Blob([new Uint8Array([0, 1, 2, 0xff, 0x80, 0x0d, 0x0a])]),
  },
  { name: "XML", contentType: "application/xml", body: "<intent>delete</intent>" },
];

/**
 * Bad input gets a clear client error and changes nothing. Every
 * action, with the session that would let it act, is sent bodies that no
 * form of ours produces; each must answer 4xx (never a 500 or a crash), and
 * no table may change.
 */
describe(`malformed request bodies, on every action (${BACKEND})`, () => {
  let site: Site;
  let clientSession: string;
  beforeAll(async () => {
    site = await startSeededSite(BACKEND, INQUIRIES, { UPLOAD_KEY: UPLOAD_TEST_KEY }, seedHeldMessage);
    clientSession = await clientSessionCookie(site.url);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("answers each with a client error and changes nothing", async () => {
    const outcomes: string[] = [];
    // Signing out reads no input: any POST from the site ends the session.
    for (const action of ACTIONS.filter(({ name }) => name !== "sign out")) {
      const cookie = action.as === "client" ? clientSession : action.as ? site.cookies[action.as] : undefined;
      for (const target of [action.path, singleFetchPath(action.path)]) {
        for (const { name, contentType, body } of MALFORMED) {
          const response = await fetch(site.url + target, {
            method: "POST",
            headers: {
              origin: site.url,
              ...(contentType ? { "content-type": contentType } : {}),
              ...(cookie ? { cookie } : {}),
            },
            body,
            redirect: "manual",
          });
          const text = await response.text();
          if (response.status < 400 || response.status >= 500) {
            outcomes.push(`${action.name} ${target} ${name}: ${response.status} ${text.slice(0, 100)}`);
          }
        }
      }
    }
    expect(outcomes).toEqual([]);

    // The error page says what went wrong and what to do.
    const truncated = MALFORMED.find(({ name }) => name === "truncated multipart")!;
    const page = await fetch(`${site.url}/auth`, {
      method: "POST",
      headers: { origin: site.url, "content-type": truncated.contentType! },
      body: truncated.body,
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(UNREADABLE_FORM_MESSAGE);
    expect(summarize(await site.snapshot())).toEqual(summarize(site.initial));
    expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
  });
});
