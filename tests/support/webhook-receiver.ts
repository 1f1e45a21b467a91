import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

interface ReceivedCall {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as received (what the signature covers). */
  body: string;
  /** With `verify`: whether the call passed the receiver's check (refused with 401 otherwise). */
  verified?: boolean;
}

/**
 * What a receiver does with `X-Webhook-Signature: t=<unix seconds>,v1=<hex>`
 * (docs/decisions/018), written from that description rather than from the
 * sender's code: recompute HMAC-SHA256 over `<t>.<body>` with the shared
 * secret, compare in constant time, and refuse a timestamp further than the
 * tolerance from its own clock, so a captured call cannot be replayed later.
 */
function checkWebhookSignature(
  header: string | undefined,
  body: string,
  { secret, toleranceSeconds, nowSeconds }: { secret: string; toleranceSeconds: number; nowSeconds: number },
): boolean {
  if (!header) return false;
  const fields = header.split(",").map((part) => part.trim().split("=") as [string, string?]);
  const timestamp = fields.find(([name]) => name === "t")?.[1];
  if (!timestamp || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest();
  return fields.some(([name, value]) => {
    if (name !== "v1" || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return crypto.timingSafeEqual(Buffer.from(value, "hex"), expected);
  });
}

/**
 * A real HTTP server on localhost that keeps the webhook calls it receives,
 * for tests. With `verify` it checks each call's signature as a receiver
 * should and answers 401 to one that fails; `nowSeconds` is its clock.
 */
export async function startWebhookReceiver(
  port = 0,
  verify?: { secret: string; toleranceSeconds: number; nowSeconds?: () => number },
): Promise<{
  url: string;
  calls: ReceivedCall[];
  /** The status code the next calls are answered with (200 by default). */
  setStatus(status: number): void;
  close(): Promise<void>;
}> {
  const calls: ReceivedCall[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const call: ReceivedCall = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      if (verify) {
        const header = request.headers["x-webhook-signature"];
        call.verified = checkWebhookSignature(typeof header === "string" ? header : undefined, call.body, {
          secret: verify.secret,
          toleranceSeconds: verify.toleranceSeconds,
          nowSeconds: verify.nowSeconds?.() ?? Math.floor(Date.now() / 1000),
        });
      }
      calls.push(call);
      const answer = call.verified === false ? 401 : status;
      response.writeHead(answer, { "Content-Type": "text/plain" }).end(answer < 300 ? "ok" : "failed");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/hooks/lead-desk`,
    calls,
    setStatus: (value) => (status = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
