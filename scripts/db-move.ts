import { fail, parseCommandLine } from "./command-line";

const USAGE = `Usage: npm run db:move -- postgres://USER@HOST:PORT/DATABASE

Moves the embedded database in DATA_DIR (default ./data) into an EMPTY
PostgreSQL database, with the server stopped: applies the migrations there,
copies every table in one transaction and checks each table's row count.
The embedded database is left as it was (it is the way back). Then prints
what to set: DATABASE_URL, and BETTER_AUTH_SECRET from DATA_DIR/auth-secret
(the same secret keeps sessions, second factors and links working).
See docs/moving-to-postgres.md.`;

const { positionals } = parseCommandLine(USAGE, {}, { min: 1, max: 1 });
const url = positionals[0]!;
if (!/^postgres(ql)?:\/\//.test(url))
  fail(`Expected a postgres:// URL, got ${JSON.stringify(url)}.\n\n${USAGE}`);

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { runDbMove } = await import("./db-move-command");
process.exit(await runDbMove(url, process.env, console));
