import { parseArgs, type ParseArgsConfig } from "node:util";

/** Plain text on stderr and exit 1: an operator reads this, not a log pipeline. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * The command's arguments through node:util's parseArgs. `--help` (`-h`)
 * prints `usage` and exits 0; an unknown option, a missing option value or
 * a wrong number of positionals prints it and exits 1.
 *
 * Scripts call this before they load the app's modules or a package of any
 * size (with `await import()` after it): Lighthouse and Playwright, or the
 * database and the server's modules, cost seconds of CPU to load, which
 * `--help` and a mistyped argument should not.
 */
export function parseCommandLine<const O extends Options>(
  usage: string,
  options: O,
  positionals: { min: number; max: number },
) {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(usage);
    process.exit(0);
  }
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch {
    fail(usage);
  }
  const count = parsed.positionals.length;
  if (count < positionals.min || count > positionals.max) fail(usage);
  return parsed;
}
