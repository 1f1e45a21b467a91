import { DataDirLockedError } from "~/lib/db/data-dir-lock.server";
import { databaseOptionsFromEnv, openDatabase } from "~/lib/db/db.server";
import { EnvError, getEnv } from "~/lib/env.server";

// Opening the database applies any pending migrations (the server does the
// same at start); this runs them without starting the server.
try {
  const database = await openDatabase(databaseOptionsFromEnv(getEnv()));
  console.log(`Migrations applied (${database.kind}).`);
  await database.close();
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
