import { runAdminCommand } from "./admin-command";

process.exit(await runAdminCommand(process.argv.slice(2), process.env, console));
