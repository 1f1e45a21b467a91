import { randomUUID } from "node:crypto";
import { logger } from "~/lib/ops/logger.server";
import { currentRequestId } from "~/lib/ops/request-id.server";

/**
 * What a visitor or admin sees when something failed on our side: a generic
 * text and a reference, never the error's message (a database's can name
 * tables, columns and values). The reference is the request's id, the one
 * sent as X-Request-Id and carried by the request's log line; the details
 * are logged under it here.
 */
export function logFailure(error: unknown, message: string, details: Record<string, unknown> = {}): string {
  // Outside a request (a loader called directly), a fresh id still ties text and log together.
  const reqId = currentRequestId() ?? randomUUID();
  logger.error({ err: error, reqId, ...details }, message);
  return `Something went wrong on our side (reference ${reqId}). Please try again.`;
}
