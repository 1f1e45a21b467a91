/**
 * Requests as a browser sends them for a page on another site: a form
 * posted there, or a script's fetch. What varies is what the browser
 * reveals about where the request came from.
 */
interface CrossOriginVariant {
  name: string;
  headers: Record<string, string>;
}

export function crossOriginVariants(siteUrl: string): CrossOriginVariant[] {
  const site = new URL(siteUrl);
  return [
    // A browser without Fetch Metadata (or a proxy that strips it).
    { name: "Origin evil", headers: { origin: "https://evil.example" } },
    // What every current browser sends from another site.
    {
      name: "Origin evil, cross-site",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    },
    // Sandboxed iframes, data: URLs and cross-origin redirects send "null".
    { name: "Origin null", headers: { origin: "null" } },
    { name: "Origin null, cross-site", headers: { origin: "null", "sec-fetch-site": "cross-site" } },
    // An Origin removed on the way (privacy extensions) leaves Fetch Metadata.
    { name: "cross-site, no Origin", headers: { "sec-fetch-site": "cross-site" } },
    // Fetch Metadata cannot be set by a page, whatever Origin claims.
    { name: "own Origin, cross-site", headers: { origin: site.origin, "sec-fetch-site": "cross-site" } },
    // Look-alikes that a prefix or host-only comparison would let through.
    { name: "Origin look-alike host", headers: { origin: `${site.origin}.evil.example` } },
    { name: "Origin other scheme", headers: { origin: `https://${site.host}` } },
    { name: "Origin other port", headers: { origin: `${site.protocol}//${site.hostname}:1` } },
  ];
}

/** The three encodings an HTML form can send without JavaScript. */
export type Encoding = "urlencoded" | "multipart" | "text/plain";

/** Where React Router's client posts an action from a hydrated page (single fetch). */
export function singleFetchPath(urlPath: string): string {
  const url = new URL(urlPath, "http://site.invalid");
  return `${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`;
}

interface SendOptions {
  method?: string;
  headers: Record<string, string>;
  /** `Cookie` header value: the victim's session. */
  cookie?: string;
}

function send(siteUrl: string, urlPath: string, body: BodyInit, options: SendOptions & { type?: string }) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.type) headers["content-type"] = options.type;
  if (options.cookie) headers.cookie = options.cookie;
  return fetch(siteUrl + urlPath, { method: options.method ?? "POST", headers, body, redirect: "manual" });
}

export function sendForm(
  siteUrl: string,
  urlPath: string,
  fields: Record<string, string>,
  options: SendOptions & {
    encoding: Encoding;
    /** Sent only in a multipart body, as a file input would. */
    file?: { field: string; name: string; type: string; bytes: Uint8Array<ArrayBuffer> };
  },
): Promise<Response> {
  switch (options.encoding) {
    case "urlencoded":
      return send(siteUrl, urlPath, new URLSearchParams(fields).toString(), {
        ...options,
        type: "application/x-www-form-urlencoded",
      });
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const { file } = options;
      if (file) form.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
      // fetch sets the multipart type with its boundary.
      return send(siteUrl, urlPath, form, options);
    }
    case "text/plain": {
      const body = Object.entries(fields)
        .map(([name, value]) => `${name}=${value}\r\n`)
        .join("");
      return send(siteUrl, urlPath, body, { ...options, type: "text/plain;charset=UTF-8" });
    }
  }
}

/**
 * A JSON body: `application/json` is what a script sends (and a browser
 * preflights); `text/plain` carries the same JSON as a simple request
 * that needs no preflight.
 */
export function sendJson(
  siteUrl: string,
  urlPath: string,
  body: object,
  options: SendOptions & { encoding: "json" | "text/plain" },
): Promise<Response> {
  const type = options.encoding === "json" ? "application/json" : "text/plain;charset=UTF-8";
  return send(siteUrl, urlPath, JSON.stringify(body), { ...options, type });
}
