import { ADMIN_PASSWORD_MIN_LENGTH } from "~/forms/auth";
import { DataDirLockedError } from "~/lib/db/data-dir-lock.server";
import { databaseOptionsFromEnv, openDatabase } from "~/lib/db/db.server";
import { EnvError, getEnv } from "~/lib/env.server";
import { grantAdmin, listAdmins, revokeAdmin, UnknownAccountError } from "~/lib/auth/roles.server";
import { resetSecondFactors } from "~/lib/auth/second-factor.server";
import { fail } from "./command-line";

const USAGE = `Usage:
  npm run admin -- grant <email>    make the account with this address an admin
  npm run admin -- revoke <email>   take the admin role away (refused while the address
                                    is in ADMIN_EMAILS, which would grant it again)
  npm run admin -- list             list the admins
  npm run admin -- reset-2fa <email>  remove the account's authenticator and backup codes
                                    and end its sessions (for a lost device)

Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data),
which only works while the server is stopped.`;

const [command, email, ...rest] = process.argv.slice(2);
if (command === "--help" || command === "-h") {
  console.log(USAGE);
  process.exit(0);
}
const needsEmail = command === "grant" || command === "revoke" || command === "reset-2fa";
if (!(needsEmail || command === "list") || (needsEmail ? !email || rest.length > 0 : email !== undefined)) {
  fail(USAGE);
}

let database;
try {
  database = await openDatabase(databaseOptionsFromEnv(getEnv()));
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) fail(error.message);
  throw error;
}

let exitCode = 0;
try {
  if (command === "list") {
    const admins = await listAdmins(database.db);
    if (admins.length === 0) console.log("No admins.");
    for (const admin of admins) console.log(`${admin.email}\t${admin.name}`);
  } else if (command === "grant") {
    const { account, changed } = await grantAdmin(database.db, email!);
    console.log(changed ? `${account.email} is now an admin.` : `${account.email} was already an admin.`);
    if (changed)
      console.log(
        `The dashboard opens once they sign in again with a password of at least ${ADMIN_PASSWORD_MIN_LENGTH} characters (or set one on /account).`,
      );
    if (!account.emailVerified)
      console.log("Note: this address is not verified yet, so it cannot sign in until it is.");
  } else if (command === "reset-2fa") {
    const { account, hadTotp, removedPasskeys, endedSessions } = await resetSecondFactors(
      database.db,
      email!,
    );
    const passkeys = removedPasskeys === 1 ? "1 passkey removed" : `${removedPasskeys} passkeys removed`;
    console.log(
      `${account.email}: ${hadTotp ? "authenticator and backup codes removed" : "had no authenticator"}` +
        `${removedPasskeys > 0 ? `, ${passkeys}` : ""}; ` +
        `${endedSessions} session${endedSessions === 1 ? "" : "s"} ended. ` +
        "An admin is asked to set up a new second factor at the next sign-in.",
    );
  } else if (getEnv().ADMIN_EMAILS.includes(email!.trim().toLowerCase())) {
    // The server grants listed addresses again (at start and at sign-in), so
    // a revoke would not last: refused, changing nothing.
    console.error(
      `${email!.trim().toLowerCase()} is listed in ADMIN_EMAILS, so a revoke would be undone at the next start or sign-in. Nothing was changed: remove it from ADMIN_EMAILS (and restart the server) first, then revoke.`,
    );
    exitCode = 1;
  } else {
    const { account, changed } = await revokeAdmin(database.db, email!);
    console.log(changed ? `${account.email} is no longer an admin.` : `${account.email} was not an admin.`);
  }
} catch (error) {
  if (!(error instanceof UnknownAccountError)) throw error;
  console.error(error.message);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
