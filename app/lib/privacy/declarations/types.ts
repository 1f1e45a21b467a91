import type { PgTable } from "drizzle-orm/pg-core";
import type { RetentionConfig } from "~/content/retention";
import type { Db } from "~/lib/db/db.server";

/** "all": a rights request (inquiries too); "account": an account holder deleting their account. */
export type ErasureScope = "all" | "account";

/** Whose data a request is about, resolved once from the address before any declaration runs. */
export interface Subject {
  /** Trimmed and lower-cased. */
  email: string;
  /** The account with this address, if there is one. */
  userId: string | null;
  /** Their inquiries; none for an account deletion (inquiries are not part of the account). */
  inquiryIds: string[];
  scope: ErasureScope;
}

/** Where the files on disk live; a kind whose directory is not configured is skipped. */
export interface StorageDirs {
  dataDir?: string;
  backupDir?: string;
}

export interface RetentionRun {
  now: Date;
  config: RetentionConfig;
  /** For the links in the inactivity warnings (SITE_URL). */
  siteUrl: string;
  dirs: StorageDirs;
}

/**
 * The retention rule of a kind of record: its own job step (`apply`, which
 * deletes what is past the periods it names and returns how many), or
 * deletion together with the parent row it cascades from.
 */
export type Retention =
  | {
      kind: "own";
      /** The configured periods it applies: each one is stated in the privacy notice. */
      periods: readonly (keyof RetentionConfig)[];
      apply(tx: Db, run: RetentionRun): Promise<number>;
    }
  | {
      kind: "with-parent";
      /** The table whose rows take these with them (ON DELETE CASCADE to it). */
      parent: PgTable;
      periods: readonly (keyof RetentionConfig)[];
    };

interface PersonalParts {
  personal: true;
  /** The key of this part in an export, and its label in the dashboard. */
  exportAs: string;
  label: string;
  /** The person's records as exported: never a secret, a link or a token. */
  find(db: Db, subject: Subject, dirs: StorageDirs): Promise<Record<string, unknown>[]>;
  /** Erases (or, where a record must stay, de-identifies) the person's records; returns how many. */
  erase(tx: Db, subject: Subject, dirs: StorageDirs): Promise<number>;
  retention: Retention;
}

interface NotPersonal {
  personal: false;
  /** Why nothing here identifies a person. */
  why: string;
  retention?: Retention;
}

export type TableDeclaration = { table: PgTable } & (PersonalParts | NotPersonal);

/**
 * A kind of file on disk. `writtenBy` names every module that writes it:
 * a test finds each module that writes files and requires it here.
 */
export type FileDeclaration = {
  name: string;
  where: string;
  writtenBy: readonly string[];
} & (PersonalParts | NotPersonal);
