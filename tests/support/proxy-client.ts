import https from "node:https";

interface ProxyResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface ProxyClientOptions {
  /** The certificate of the proxy (self-signed in tests). */
  certificate: string;
}

interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * The visitor's own address: any 127.x.y.z on Linux's loopback, so that
   * the proxy sees different visitors from one machine.
   */
  from?: string;
}

/**
 * A visitor's HTTPS client for the proxy: keep-alive connections (per source
 * address), the proxy's certificate trusted and nothing else. fetch cannot
 * choose its source address or trust one extra certificate.
 */
export function createProxyClient({ certificate }: ProxyClientOptions) {
  const agent = new https.Agent({ keepAlive: true, maxSockets: 8, ca: certificate });

  function send(url: string, options: RequestOptions, retried: boolean): Promise<ProxyResponse> {
    return new Promise((resolve, reject) => {
      const req = https.request(
        url,
        {
          agent,
          method: options.method ?? "GET",
          headers: {
            ...(options.body === undefined
              ? {}
              : { "content-length": String(Buffer.byteLength(options.body)) }),
            ...options.headers,
          },
          localAddress: options.from,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString(),
            }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the proxy closed as the request went out (nginx's old workers close their
        // idle ones on a reload) fails before any answer: a browser sends the request again on a new
        // connection, once, and so does this client (the pattern of Node's `request.reusedSocket`).
        if (req.reusedSocket && error.code === "ECONNRESET" && !retried)
          send(url, options, true).then(resolve, reject);
        else reject(error);
      });
      req.end(options.body);
    });
  }

  function request(url: string, options: RequestOptions = {}): Promise<ProxyResponse> {
    return send(url, options, false);
  }

  /** Opens a server-sent event stream; resolves once the response headers arrived. */
  function openStream(url: string, headers: Record<string, string>) {
    return new Promise<{ status: number; received: () => string; close: () => void }>((resolve, reject) => {
      // A connection of its own: the stream holds it for as long as it is open.
      const req = https.get(url, { headers, ca: certificate, agent: false }, (res) => {
        let received = "";
        res.on("data", (chunk: Buffer) => (received += chunk.toString()));
        res.on("error", () => {});
        resolve({ status: res.statusCode ?? 0, received: () => received, close: () => req.destroy() });
      });
      req.on("error", reject);
    });
  }

  return { request, openStream, close: () => agent.destroy() };
}

export type ProxyClient = ReturnType<typeof createProxyClient>;
