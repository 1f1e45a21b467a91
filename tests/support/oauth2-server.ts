import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface OAuth2Server {
  /** Where clients ask for tokens (the client credentials grant). */
  readonly tokenUrl: string;
  /** Where Dovecot's oauth2 passdb checks a token (RFC 7662, `token=` in a POST form). */
  readonly introspectionUrl: string;
  /** Tokens issued so far. */
  issued(): number;
  /** Every token issued so far stops being valid, as when an administrator revokes the app's access. */
  revokeAll(): void;
  close(): Promise<void>;
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function answer(response: http.ServerResponse, status: number, body: object): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/**
 * An identity provider as Microsoft 365 is one for an app reading a
 * mailbox: a token endpoint taking the client credentials grant for one
 * client and scope, whose tokens open one mailbox (`mailbox`, the user name
 * introspection gives Dovecot), plus the introspection endpoint Dovecot asks.
 */
export async function startOAuth2Server({
  clientId,
  clientSecret,
  scope,
  mailbox,
  lifetimeSeconds = 3600,
}: {
  clientId: string;
  clientSecret: string;
  scope: string;
  mailbox: string;
  lifetimeSeconds?: number;
}): Promise<OAuth2Server> {
  const valid = new Map<string, number>();
  let issued = 0;
  const server = http.createServer((request, response) => {
    void (async () => {
      const form = await readForm(request);
      if (request.method === "POST" && request.url === "/token") {
        if (form.get("grant_type") !== "client_credentials") {
          return answer(response, 400, { error: "unsupported_grant_type" });
        }
        if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
          return answer(response, 401, {
            error: "invalid_client",
            error_description: "The client secret is not valid for this application.",
          });
        }
        if (form.get("scope") !== scope) return answer(response, 400, { error: "invalid_scope" });
        const token = crypto.randomBytes(24).toString("base64url");
        valid.set(token, Date.now() + lifetimeSeconds * 1000);
        issued++;
        return answer(response, 200, {
          token_type: "Bearer",
          expires_in: lifetimeSeconds,
          access_token: token,
        });
      }
      if (request.method === "POST" && request.url === "/introspect") {
        const expires = valid.get(form.get("token") ?? "");
        const active = expires !== undefined && expires > Date.now();
        return answer(response, 200, active ? { active: true, username: mailbox } : { active: false });
      }
      answer(response, 404, { error: "not_found" });
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    tokenUrl: `${base}/token`,
    introspectionUrl: `${base}/introspect`,
    issued: () => issued,
    revokeAll: () => valid.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
