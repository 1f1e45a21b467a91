import { randomUUID } from "node:crypto";
import { logger } from "~/lib/ops/logger.server";
import { currentRequestId } from "~/lib/ops/request-id.server";

/**
 * A generic text and a reference (the request's id), never the error's message: a database's can name tables,
 * columns and values. The details are logged under the reference.
 */
export function logFailure(error: unknown, message: string, details: Record<string, unknown> = {}): string {
  // Outside a request (a loader called directly), a fresh id still ties text and log together.
  const reqId = currentRequestId() ?? randomUUID();
  logger.error({ err: error, reqId, ...details }, message);
  return `Something went wrong on our side (reference ${reqId}). Please try again.`;
}
