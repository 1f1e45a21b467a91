import type { Logger } from "pino";
import type { Db } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import type { AttachmentLimits } from "~/content/attachment-limits";
import type { ReceivedMailLimits } from "~/content/received-mail-limits";
import { type FetchTiming, startMailboxFetcher } from "~/lib/conversation/mailbox-fetcher.server";
import { createMailboxStatusBoard, type MailboxStatusBoard } from "~/lib/conversation/mailbox-status.server";
import { createAccessTokenSource } from "~/lib/conversation/oauth2-token.server";
import type { FileReceivedMail } from "~/lib/conversation/received-mail";

export type MailboxFetching = ReturnType<typeof startMailboxFetching>;

/** Each mailbox on its own connection and loop: one that cannot be reached holds up no other. */
export function startMailboxFetching({
  db,
  env,
  logger,
  file,
  status = createMailboxStatusBoard(),
  timing,
  limits,
  mailLimits,
}: {
  db: Db;
  env: Pick<Env, "IMAP_URL"> & Partial<Pick<Env, "IMAP_OAUTH2">>;
  logger: Logger;
  file: FileReceivedMail;
  /** Where /readyz reads the mailboxes' state (the app's, `services.mailboxes`). */
  status?: MailboxStatusBoard;
  timing?: Partial<FetchTiming>;
  limits?: AttachmentLimits;
  mailLimits?: ReceivedMailLimits;
}) {
  // One token serves every mailbox the client may open, until it is due for renewal.
  const tokens = env.IMAP_OAUTH2 ? createAccessTokenSource(env.IMAP_OAUTH2) : null;
  const fetchers = env.IMAP_URL.map((mailbox) =>
    startMailboxFetcher({ db, mailbox, file, logger, status, timing, limits, mailLimits, tokens }),
  );
  if (fetchers.length > 0) {
    logger.info({ mailboxes: env.IMAP_URL.map((mailbox) => mailbox.key) }, "fetching team mailboxes");
  }
  return {
    /** Each fetcher finishes the message it is filing. */
    async stop() {
      await Promise.all(fetchers.map((fetcher) => fetcher.stop()));
    },
  };
}
