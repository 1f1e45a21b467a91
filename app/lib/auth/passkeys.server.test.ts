import { beforeAll, describe, expect, it } from "vitest";
import { user } from "~db/schema";
import { TEST_ENV } from "../../../tests/support/test-context";
import { testBackends } from "../../../tests/support/test-database";
import { parseEnv } from "~/lib/env.server";
import {
  endPendingChallenge,
  readPasskeyStepUserId,
  readWebAuthnResponse,
  startPasskeyStep,
} from "~/lib/auth/passkeys.server";
import { useTestDatabase } from "../../../tests/support/suite-database";

const env = parseEnv({ ...TEST_ENV });
const withCookie = (cookie: string) =>
  new Request("http://localhost/auth/two-factor", { headers: { Cookie: cookie } });

describe.each(testBackends)("the passkey step after a password on %s", (backend) => {
  const database = useTestDatabase(backend);
  beforeAll(async () => {
    await database.db.insert(user).values({ id: "pia", name: "Pia Passkey", email: "pia@example.test" });
  });

  it("names whose password was right until the passkey answers, once; a forged key names nobody", async () => {
    const { db } = database;
    const setCookie = await startPasskeyStep(db, env, "pia");
    expect(setCookie).toMatch(/; HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(";")[0]!;
    expect(await readPasskeyStepUserId(db, env, withCookie(cookie))).toBe("pia");
    const forged = `${cookie.split("=")[0]}=${"A".repeat(32)}`;
    expect(await readPasskeyStepUserId(db, env, withCookie(forged))).toBeNull();
    expect(await readPasskeyStepUserId(db, env, withCookie(`${cookie.split("=")[0]}=pia`))).toBeNull();

    const headers = new Headers();
    await endPendingChallenge(db, env, withCookie(cookie), headers);
    expect(headers.getSetCookie().join("\n")).toMatch(/Max-Age=0/);
    expect(await readPasskeyStepUserId(db, env, withCookie(cookie))).toBeNull();
  });

  it("on an https site the step cookie is __Secure- and Secure", async () => {
    const secure = parseEnv({ ...TEST_ENV, SITE_URL: "https://example.test" });
    const setCookie = await startPasskeyStep(database.db, secure, "pia");
    expect(setCookie).toMatch(/^__Secure-passkey_step=[\w-]{32}; .*; Secure$/);
    const cookie = setCookie.split(";")[0]!;
    expect(await readPasskeyStepUserId(database.db, secure, withCookie(cookie))).toBe("pia");
    // The plain name is not read on an https site.
    expect(
      await readPasskeyStepUserId(database.db, secure, withCookie(cookie.slice("__Secure-".length))),
    ).toBeNull();
  });
});

describe("readWebAuthnResponse", () => {
  it("accepts the browser's answer and refuses anything else", () => {
    const answer = { id: "abc", rawId: "abc", type: "public-key", response: { clientDataJSON: "e30" } };
    expect(readWebAuthnResponse(JSON.stringify(answer))).toMatchObject(answer);
    expect(readWebAuthnResponse("")).toBeNull();
    expect(readWebAuthnResponse("{not json")).toBeNull();
    expect(readWebAuthnResponse(JSON.stringify({ ...answer, type: "password" }))).toBeNull();
    expect(readWebAuthnResponse(JSON.stringify({ ...answer, id: "x".repeat(2000) }))).toBeNull();
    expect(readWebAuthnResponse("x".repeat(20_000))).toBeNull();
  });
});
