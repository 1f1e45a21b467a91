export const ADMIN_USAGE = `Usage:
  npm run admin -- grant <email>    make the account with this address an admin
  npm run admin -- revoke <email>   take the admin role away (refused while the address
                                    is in ADMIN_EMAILS, which would grant it again)
  npm run admin -- list             list the admins
  npm run admin -- reset-2fa <email>  remove the account's authenticator and backup codes
                                    and end its sessions (for a lost device)

Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data),
which only works while the server is stopped.`;

/** Where the command writes: the console for `npm run admin`, a buffer in tests. */
export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * `npm run admin` with its arguments and environment, as a function: returns
 * the exit code. scripts/admin.ts runs it for the command line; tests call it
 * in-process, so each case costs a database open rather than a process.
 */
export async function runAdminCommand(
  args: string[],
  source: Record<string, string | undefined>,
  out: CommandOutput,
): Promise<number> {
  const [command, email, ...rest] = args;
  if (command === "--help" || command === "-h") {
    out.log(ADMIN_USAGE);
    return 0;
  }
  const needsEmail = command === "grant" || command === "revoke" || command === "reset-2fa";
  if (!(needsEmail || command === "list") || (needsEmail ? !email || rest.length > 0 : email !== undefined)) {
    out.error(ADMIN_USAGE);
    return 1;
  }

  // Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
  const { ADMIN_PASSWORD_MIN_LENGTH } = await import("~/forms/auth");
  const { DataDirLockedError } = await import("~/lib/db/data-dir-lock.server");
  const { databaseOptionsFromEnv, openDatabase } = await import("~/lib/db/db.server");
  const { EnvError, parseEnv } = await import("~/lib/env.server");
  const { grantAdmin, listAdmins, revokeAdmin, UnknownAccountError } =
    await import("~/lib/auth/roles.server");
  const { resetSecondFactors } = await import("~/lib/auth/second-factor.server");

  let env;
  let database;
  try {
    env = parseEnv(source);
    database = await openDatabase(databaseOptionsFromEnv(env));
  } catch (error) {
    if (error instanceof EnvError || error instanceof DataDirLockedError) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }

  try {
    if (command === "list") {
      const admins = await listAdmins(database.db);
      if (admins.length === 0) out.log("No admins.");
      for (const admin of admins) out.log(`${admin.email}\t${admin.name}`);
    } else if (command === "grant") {
      const { account, changed } = await grantAdmin(database.db, email!);
      out.log(changed ? `${account.email} is now an admin.` : `${account.email} was already an admin.`);
      if (changed)
        out.log(
          `The dashboard opens once they sign in again with a password of at least ${ADMIN_PASSWORD_MIN_LENGTH} characters (or set one on /account).`,
        );
      if (!account.emailVerified)
        out.log("Note: this address is not verified yet, so it cannot sign in until it is.");
    } else if (command === "reset-2fa") {
      const { account, hadTotp, removedPasskeys, endedSessions } = await resetSecondFactors(
        database.db,
        email!,
      );
      const passkeys = removedPasskeys === 1 ? "1 passkey removed" : `${removedPasskeys} passkeys removed`;
      out.log(
        `${account.email}: ${hadTotp ? "authenticator and backup codes removed" : "had no authenticator"}` +
          `${removedPasskeys > 0 ? `, ${passkeys}` : ""}; ` +
          `${endedSessions} session${endedSessions === 1 ? "" : "s"} ended. ` +
          "An admin is asked to set up a new second factor at the next sign-in.",
      );
    } else if (env.ADMIN_EMAILS.includes(email!.trim().toLowerCase())) {
      // The server grants listed addresses again (at start and at sign-in), so
      // a revoke would not last: refused, changing nothing.
      out.error(
        `${email!.trim().toLowerCase()} is listed in ADMIN_EMAILS, so a revoke would be undone at the next start or sign-in. Nothing was changed: remove it from ADMIN_EMAILS (and restart the server) first, then revoke.`,
      );
      return 1;
    } else {
      const { account, changed } = await revokeAdmin(database.db, email!);
      out.log(changed ? `${account.email} is no longer an admin.` : `${account.email} was not an admin.`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof UnknownAccountError)) throw error;
    out.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
}
