import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedCall {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as received (what the signature covers). */
  body: string;
}

/** A real HTTP server on localhost that keeps the webhook calls it receives, for tests. */
export async function startWebhookReceiver(port = 0): Promise<{
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
      calls.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(status, { "Content-Type": "text/plain" }).end(status < 300 ? "ok" : "failed");
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
