import * as accounts from "~/lib/privacy/declarations/account-tables.server";
import * as catalogue from "~/lib/privacy/declarations/catalogue-tables.server";
import { attachmentFilesDeclaration } from "~/lib/privacy/declarations/attachment-files.server";
import * as files from "~/lib/privacy/declarations/files.server";
import * as inquiries from "~/lib/privacy/declarations/inquiry-tables.server";
import * as kyc from "~/lib/privacy/declarations/kyc-tables.server";
import { jobsDeclaration } from "~/lib/privacy/declarations/job-tables.server";
import * as other from "~/lib/privacy/declarations/other-tables.server";
import * as whatsapp from "~/lib/privacy/declarations/whatsapp-tables.server";
import * as sanctions from "~/lib/privacy/declarations/sanctions-tables.server";
import { licenceChecksDeclaration } from "~/lib/privacy/declarations/licence-tables.server";
import type { FileDeclaration, TableDeclaration } from "~/lib/privacy/declarations/types";

/**
 * Every table, declared once (a test fails when one is missing). The order is the order of work: what
 * points at a row goes before it, and queued jobs about expired inquiries before the inquiries.
 */
export const tableDeclarations: readonly TableDeclaration[] = [
  inquiries.inquiryEventsDeclaration,
  kyc.kycDocumentsDeclaration,
  kyc.kycRequestsDeclaration,
  kyc.uploadsDeclaration,
  kyc.clientLinksDeclaration,
  inquiries.inquiryNotesVersionsDeclaration,
  inquiries.inquiryAttachmentsDeclaration,
  inquiries.inquiryMessagesDeclaration,
  whatsapp.whatsappDeliveriesDeclaration,
  whatsapp.whatsappMessagesDeclaration,
  inquiries.sentMessageIdsDeclaration,
  inquiries.inquiryResponsesDeclaration,
  inquiries.inquiryRepliesDeclaration,
  inquiries.replyDraftsDeclaration,
  inquiries.followUpsDeclaration,
  catalogue.equipmentRequestsDeclaration,
  sanctions.sanctionsDecisionsDeclaration,
  sanctions.sanctionsMatchRecordsDeclaration,
  sanctions.sanctionsCandidatesDeclaration,
  sanctions.sanctionsScreeningsDeclaration,
  licenceChecksDeclaration,
  jobsDeclaration,
  inquiries.contactSubmissionsDeclaration,
  other.rateLimitsDeclaration,
  accounts.sessionDeclaration,
  accounts.accountDeclaration,
  accounts.twoFactorDeclaration,
  accounts.passkeyDeclaration,
  accounts.userRolesDeclaration,
  accounts.accountActivityDeclaration,
  other.privacyErasuresDeclaration,
  accounts.workspacePreferencesDeclaration,
  accounts.savedViewsDeclaration,
  accounts.userDeclaration,
  // After the accounts: the reset tokens of accounts deleted in the same run go too.
  accounts.verificationDeclaration,
  inquiries.mailboxCursorsDeclaration,
  inquiries.mailNotFiledDeclaration,
  inquiries.replyTemplatesDeclaration,
  whatsapp.whatsappTemplatesDeclaration,
  whatsapp.whatsappChannelStateDeclaration,
  other.reportWeekCountsDeclaration,
  other.reportWeekSourcesDeclaration,
  other.reportWeekFiguresDeclaration,
  catalogue.equipmentItemChangesDeclaration,
  catalogue.equipmentItemsDeclaration,
  catalogue.equipmentPhotosDeclaration,
  sanctions.sanctionsEntryNamesDeclaration,
  sanctions.sanctionsEntriesDeclaration,
  sanctions.sanctionsListVersionsDeclaration,
];

/** Every kind of file the site writes. */
export const fileDeclarations: readonly FileDeclaration[] = [
  files.mailFilesDeclaration,
  attachmentFilesDeclaration,
  kyc.uploadFilesDeclaration,
  files.backupFilesDeclaration,
  files.authSecretDeclaration,
  files.databaseFilesDeclaration,
  catalogue.cataloguePhotoFilesDeclaration,
];
