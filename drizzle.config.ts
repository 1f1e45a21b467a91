import { defineConfig } from "drizzle-kit";
import { SCHEMA_CASING } from "./db/casing";

// Only `drizzle-kit generate` is used: migrations are applied by the app
// itself (app/lib/db/db.server.ts), on PGlite and on Postgres alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
  casing: SCHEMA_CASING,
});
