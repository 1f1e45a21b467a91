import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../../db/schema";
import { createTestDatabase, type TestDatabase, testBackends } from "../../../tests/support/test-database";
import {
  endPendingChallenge,
  readPasskeyStepUserId,
  readWebAuthnResponse,
  startPasskeyStep,
} from "./passkeys.server";

const withCookie = (cookie: string) =>
  new Request("http://localhost/auth/two-factor", { headers: { Cookie: cookie } });

describe.each(testBackends)("the passkey step after a password on %s", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await database.db.insert(user).values({ id: "pia", name: "Pia Passkey", email: "pia@example.test" });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("names whose password was right until the passkey answers, once; a forged key names nobody", async () => {
    const { db } = database;
    const setCookie = await startPasskeyStep(db, "pia");
    expect(setCookie).toMatch(/; HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(";")[0]!;
    expect(await readPasskeyStepUserId(db, withCookie(cookie))).toBe("pia");
    const forged = `${cookie.split("=")[0]}=${"A".repeat(32)}`;
    expect(await readPasskeyStepUserId(db, withCookie(forged))).toBeNull();
    expect(await readPasskeyStepUserId(db, withCookie(`${cookie.split("=")[0]}=pia`))).toBeNull();

    const headers = new Headers();
    await endPendingChallenge(db, withCookie(cookie), headers);
    expect(headers.getSetCookie().join("\n")).toMatch(/Max-Age=0/);
    expect(await readPasskeyStepUserId(db, withCookie(cookie))).toBeNull();
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
