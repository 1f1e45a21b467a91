import type { PgTable } from "drizzle-orm/pg-core";
import type { RetentionConfig } from "~/content/retention";
import type { Db } from "~/lib/db/db.server";

/** "all": a rights request (inquiries too); "account": an account holder deleting their account. */
export type ErasureScope = "all" | "account";

/** Whose data a request is about (email lower-cased), resolved once before any declaration runs. */
export interface Subject {
  email: string;
  userId: string | null;
  /** None for an account deletion: inquiries are not part of the account. */
  inquiryIds: string[];
  scope: ErasureScope;
}

/** A kind of file whose directory is not configured is skipped. */
export interface StorageDirs {
  dataDir?: string;
  backupDir?: string;
}

export interface RetentionRun {
  now: Date;
  config: RetentionConfig;
  siteUrl: string;
  dirs: StorageDirs;
}

/** A kind of record's own job step (`apply` returns how many it deleted), or its parent's cascade. */
export type Retention =
  | {
      kind: "own";
      /** Each one is stated in the privacy notice. */
      periods: readonly (keyof RetentionConfig)[];
      apply(tx: Db, run: RetentionRun): Promise<number>;
    }
  | {
      kind: "with-parent";
      parent: PgTable;
      periods: readonly (keyof RetentionConfig)[];
    };

interface PersonalParts {
  personal: true;
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

/** `writtenBy`: every module that writes it (a test requires each module that writes files here). */
export type FileDeclaration = {
  name: string;
  where: string;
  writtenBy: readonly string[];
} & (PersonalParts | NotPersonal);
