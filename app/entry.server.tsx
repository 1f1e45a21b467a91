import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { NonceProvider } from "~/components/nonce-provider";
import { cspNonceContext } from "~/lib/context.server";
import { isDatabaseUnavailable } from "~/lib/db/database-unavailable.server";
import { logger } from "~/lib/ops/logger.server";
import { currentRequestId } from "~/lib/ops/request-id.server";

export const streamTimeout = 5_000;

/**
 * What the error boundaries get for a database outage: the shape React
 * Router gives a thrown `data(null, { status: 503 })` (isRouteErrorResponse
 * accepts it, and it reaches the browser as one when the page hydrates).
 */
const SERVICE_UNAVAILABLE = Object.freeze({
  status: 503,
  statusText: "Service Unavailable",
  internal: false,
  data: null,
});

/** Requests whose loader or action failed because the database was unreachable. */
const databaseUnavailable = new WeakSet<Request>();

/**
 * React Router calls this with the original error before it hands the page
 * a sanitized one, so this is where a database outage can still be told
 * apart from a bug.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (isDatabaseUnavailable(error)) databaseUnavailable.add(request);
  // A client that went away is not an error of ours.
  if (!request.signal.aborted) {
    const internal = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
    logger.error(
      { err: internal ?? error, reqId: currentRequestId(), path: new URL(request.url).pathname },
      "request failed",
    );
  }
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (responseStatusCode === 500 && databaseUnavailable.has(request)) {
    // Temporary, not a fault in the site: clients and crawlers come back later.
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "5");
    // The error page only sees sanitized errors; tell it which page to show.
    const { errors } = routerContext.staticHandlerContext;
    for (const routeId of Object.keys(errors ?? {})) {
      errors![routeId] = SERVICE_UNAVAILABLE;
    }
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Prerendering calls this without the Express load context; prerendered
  // pages carry no scripts, so they need no nonce (the context's default).
  const nonce = loadContext.get(cspNonceContext) ?? undefined;

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1_000,
    );

    // Most pages ship no JavaScript, so Suspense fallbacks could never be
    // replaced in the browser: always wait for the whole document.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The document is whole already: handed on as one body, not React's few-KB chunks, each of which the
          // adapter flushes through compression (a sync flush per chunk made the catalogue's 657 KB page 203 KB
          // gzipped instead of 21 KB, and cost a zlib call per chunk).
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.once("error", reject);
          body.once("end", () =>
            resolve(
              new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }),
            ),
          );
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by React Router.
          if (!(error instanceof Error && error.name === "AbortError")) console.error(error);
        },
      },
    );
  });
}
