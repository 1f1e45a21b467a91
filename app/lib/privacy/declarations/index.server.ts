import {
  accountActivityDeclaration,
  accountDeclaration,
  passkeyDeclaration,
  sessionDeclaration,
  twoFactorDeclaration,
  userDeclaration,
  userRolesDeclaration,
  verificationDeclaration,
} from "~/lib/privacy/declarations/account-tables.server";
import { attachmentFilesDeclaration } from "~/lib/privacy/declarations/attachment-files.server";
import {
  authSecretDeclaration,
  backupFilesDeclaration,
  databaseFilesDeclaration,
  mailFilesDeclaration,
} from "~/lib/privacy/declarations/files.server";
import {
  inquiryAttachmentsDeclaration,
  inquiryMessagesDeclaration,
  inquiryResponsesDeclaration,
  mailboxCursorsDeclaration,
  mailNotFiledDeclaration,
  sentMessageIdsDeclaration,
} from "~/lib/privacy/declarations/conversation-tables.server";
import {
  followUpsDeclaration,
  replyDraftsDeclaration,
  replyTemplatesDeclaration,
} from "~/lib/privacy/declarations/desk-tables.server";
import {
  contactSubmissionsDeclaration,
  inquiryEventsDeclaration,
  inquiryRepliesDeclaration,
} from "~/lib/privacy/declarations/inquiry-tables.server";
import { jobsDeclaration } from "~/lib/privacy/declarations/job-tables.server";
import { inquiryNotesVersionsDeclaration } from "~/lib/privacy/declarations/leadpage-tables.server";
import {
  privacyErasuresDeclaration,
  rateLimitsDeclaration,
  reportWeekCountsDeclaration,
  reportWeekFiguresDeclaration,
  reportWeekSourcesDeclaration,
} from "~/lib/privacy/declarations/other-tables.server";
import type { FileDeclaration, TableDeclaration } from "~/lib/privacy/declarations/types";
import {
  savedViewsDeclaration,
  workspacePreferencesDeclaration,
} from "~/lib/privacy/declarations/workspace-tables.server";

/**
 * Every table of db/schema.ts and db/auth-schema.ts, declared once: export,
 * erasure, account deletion and the retention job read only this list (a
 * test fails when a table is missing). The order is the order of work:
 * what points at a row goes before it, and queued mail and webhook calls
 * about expired inquiries go before the inquiries.
 */
export const tableDeclarations: readonly TableDeclaration[] = [
  inquiryEventsDeclaration,
  inquiryNotesVersionsDeclaration,
  inquiryAttachmentsDeclaration,
  inquiryMessagesDeclaration,
  sentMessageIdsDeclaration,
  inquiryResponsesDeclaration,
  inquiryRepliesDeclaration,
  replyDraftsDeclaration,
  followUpsDeclaration,
  jobsDeclaration,
  contactSubmissionsDeclaration,
  rateLimitsDeclaration,
  sessionDeclaration,
  accountDeclaration,
  twoFactorDeclaration,
  passkeyDeclaration,
  userRolesDeclaration,
  accountActivityDeclaration,
  privacyErasuresDeclaration,
  workspacePreferencesDeclaration,
  savedViewsDeclaration,
  userDeclaration,
  // After the accounts: the reset tokens of accounts deleted in the same run go too.
  verificationDeclaration,
  mailboxCursorsDeclaration,
  mailNotFiledDeclaration,
  replyTemplatesDeclaration,
  reportWeekCountsDeclaration,
  reportWeekSourcesDeclaration,
  reportWeekFiguresDeclaration,
];

/** Every kind of file the site writes (a test fails when a module writes files not declared here). */
export const fileDeclarations: readonly FileDeclaration[] = [
  mailFilesDeclaration,
  attachmentFilesDeclaration,
  backupFilesDeclaration,
  authSecretDeclaration,
  databaseFilesDeclaration,
];
