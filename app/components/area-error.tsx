import { isRouteErrorResponse, Link } from "react-router";

/**
 * The error boundary of a signed-in area: what failed, in words, and the request's id (the
 * X-Request-Id of the log line with the details). The error's own message is never shown: a
 * database's can name tables and values.
 */
export function AreaError({
  error,
  requestId,
  back,
}: {
  error: unknown;
  /** Null when the failure came before the area's loader ran. */
  requestId: string | null | undefined;
  back: { to: string; label: string };
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A message thrown on purpose (with data()) is written for the reader.
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  const heading =
    status === 404 ? "Not found" : status === 503 ? "We'll be right back" : "Something went wrong";
  const fallback =
    status === 404
      ? "This page does not exist, or what it showed has been deleted."
      : status === 503
        ? "The site is briefly unavailable. Please try again in a minute."
        : "This page could not be loaded. Please try again in a moment.";
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <title>{`Error ${status}`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-ink">{heading}</h1>
      <p role="alert" className="mt-4 text-ink-soft">
        <strong>Error</strong>: {message ?? fallback}
      </p>
      {requestId && !message?.includes(requestId) ? (
        <p className="mt-3 text-sm text-ink-muted" data-testid="error-reference">
          Reference <code className="font-mono">{requestId}</code>: quote it when you report this, so the
          details can be found.
        </p>
      ) : null}
      <p className="mt-8">
        <Link to={back.to} reloadDocument className="font-semibold text-accent-strong underline">
          {back.label}
        </Link>
      </p>
    </main>
  );
}
