import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

// drizzle-kit writes the next migration from the difference between the schema
// and the last snapshot; a snapshot behind the schema makes that migration
// recreate tables that exist. Generating into a copy must find nothing to do.
test("the last migration snapshot matches the schema: generating finds no changes", () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  fs.cpSync(path.join(root, "db/migrations"), out, { recursive: true });
  const config = path.join(root, `drizzle.check-${process.pid}.config.ts`);
  fs.writeFileSync(
    config,
    `import base from "./drizzle.config";\nexport default { ...base, out: ${JSON.stringify(path.relative(root, out))} };\n`,
  );
  try {
    // Without a terminal it cannot ask about renames: a schema change fails here rather than waits.
    const run = spawnSync("npx", ["drizzle-kit", "generate", "--config", config], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 60_000,
    });
    expect(`${run.stdout}${run.stderr}`).toContain("No schema changes");
    expect(fs.readdirSync(out).filter((name) => name.endsWith(".sql"))).toEqual(
      fs.readdirSync(path.join(root, "db/migrations")).filter((name) => name.endsWith(".sql")),
    );
  } finally {
    fs.rmSync(config, { force: true });
    fs.rmSync(out, { recursive: true, force: true });
  }
});
