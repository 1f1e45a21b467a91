import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessTokenSource } from "~/lib/conversation/oauth2-token.server";

/** A server that records every request's body and answers with `answer`. */
async function startServer(answer: (response: http.ServerResponse) => void) {
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      bodies.push(body);
      answer(response);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/token`, bodies, close: () => server.close() };
}

describe("the OAuth2 token request", () => {
  let elsewhere: Awaited<ReturnType<typeof startServer>>;
  let redirecting: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    elsewhere = await startServer((response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ access_token: "from-elsewhere", expires_in: 3600 }));
    });
    redirecting = await startServer((response) => {
      // 307 and 308 repeat the POST, body and all, at the new address.
      response.writeHead(307, { location: elsewhere.url });
      response.end();
    });
  });
  afterAll(() => {
    elsewhere.close();
    redirecting.close();
  });

  it("oauth2 token redirect: a redirect is a failure, and the client secret never goes where it points", async () => {
    const source = createAccessTokenSource({
      tokenUrl: redirecting.url,
      clientId: "client-id",
      clientSecret: "s3cret-value",
    });
    const failure = await source.get().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      "the OAuth2 token endpoint answered 307 (a redirect, not followed: set IMAP_OAUTH2_TOKEN_URL to the final address)",
    );
    expect((failure as Error).message).not.toContain("s3cret");
    expect(redirecting.bodies).toHaveLength(1);
    expect(redirecting.bodies[0]).toContain("client_secret=s3cret-value");
    expect(elsewhere.bodies).toEqual([]);
  });
});
