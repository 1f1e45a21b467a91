import { sanctionsListLimits, SANCTIONS_LIST_FETCH_CRON } from "~/content/sanctions";
import type { Db } from "~/lib/db/db.server";
import { defineScheduledJobKind } from "~/lib/jobs/scheduled-job.server";
import { logger } from "~/lib/ops/logger.server";
import { type ImportResult, importSanctionsList } from "~/lib/sanctions/list-import.server";
import { XmlRefused } from "~/lib/sanctions/xml-scan.server";

/** Longest a download may take, in ms: the file is some 20 MB. */
const FETCH_TIMEOUT_MS = 120_000;

/** The body, read no further than the size limit: a larger file is refused before it is all in memory. */
async function readLimited(response: Response): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? NaN);
  if (declared > sanctionsListLimits.fileBytes) throw new XmlRefused("the file is over the size limit");
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    size += next.value.byteLength;
    if (size > sanctionsListLimits.fileBytes) {
      await reader!.cancel();
      throw new XmlRefused("the file is over the size limit");
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/**
 * Downloads the list from `url` and imports it as `importSanctionsList` does. A server that does not
 * answer, or answers with an error, throws (the queue retries); a file refused is logged and left.
 */
async function fetchSanctionsList(db: Db, url: string): Promise<ImportResult | "refused"> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: "follow" });
  if (!response.ok) throw new Error(`the UK Sanctions List server answered HTTP ${response.status}`);
  try {
    return await importSanctionsList(db, await readLimited(response), url);
  } catch (error) {
    if (!(error instanceof XmlRefused)) throw error;
    // Another download would fetch the same file: the next scheduled run tries again.
    logger.error({ url, reason: error.message }, "UK Sanctions List refused; the version in use stays");
    return "refused";
  }
}

/** Only instances with SANCTIONS_LIST_URL set schedule it. */
export const sanctionsListFetchJob = defineScheduledJobKind({
  kind: "sanctions-list-fetch",
  schedule: (env) => (env.SANCTIONS_LIST_URL ? { cron: SANCTIONS_LIST_FETCH_CRON } : null),
  async run(_run, { database, env }) {
    if (!env.SANCTIONS_LIST_URL) return;
    const result = await fetchSanctionsList(database.db, env.SANCTIONS_LIST_URL);
    if (result !== "refused") {
      logger.info(
        {
          status: result.status,
          publishedOn: result.version.published_on,
          entries: result.version.entry_count,
        },
        "UK Sanctions List fetched",
      );
    }
  },
});
