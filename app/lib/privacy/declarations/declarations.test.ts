import fs from "node:fs";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~db/schema";
import { buildPrivacyPage } from "~/content/privacy";
import { type RetentionConfig, retention } from "~/content/retention";
import { fileDeclarations, tableDeclarations } from "~/lib/privacy/declarations/index.server";

const ROOT = path.resolve(import.meta.dirname, "../../../..");

const schemaTables = (Object.values(schema) as unknown[])
  .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
  .sort();

describe("personal data is declared once, for every table and every kind of file", () => {
  it("declares every table of db/schema.ts and db/auth-schema.ts exactly once, and nothing else", () => {
    const declared = tableDeclarations.map((declaration) => getTableName(declaration.table));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual(schemaTables);
  });

  it("gives every table and file kind holding personal data a retention rule, and a parent that takes it along", () => {
    for (const declaration of [...tableDeclarations, ...fileDeclarations]) {
      if (declaration.personal) expect(declaration.retention).toBeDefined();
    }
    for (const declaration of tableDeclarations) {
      if (declaration.retention?.kind !== "with-parent") continue;
      const parent = getTableName(declaration.retention.parent);
      const cascades = getTableConfig(declaration.table).foreignKeys.some(
        (key) => getTableName(key.reference().foreignTable) === parent && key.onDelete === "cascade",
      );
      expect(cascades, `${getTableName(declaration.table)} goes with ${parent}`).toBe(true);
    }
    const exportKeys = [...tableDeclarations, ...fileDeclarations].flatMap((d) =>
      d.personal ? [d.exportAs] : [],
    );
    expect(new Set(exportKeys).size).toBe(exportKeys.length);
  });

  it("states every period a declaration applies in the privacy notice, from the configuration", () => {
    const periods = new Set(
      [...tableDeclarations, ...fileDeclarations].flatMap(
        (declaration) => declaration.retention?.periods ?? [],
      ),
    );
    for (const key of periods) {
      // A value nothing else on the page has: the notice must say it where it states this period.
      const changed: RetentionConfig = { ...retention, [key]: 997 };
      expect(JSON.stringify(buildPrivacyPage(changed)), key).toContain("997");
    }
  });

  it("declares every kind of file the site writes: each module that writes files is named by a declaration", () => {
    const writes =
      /\b(writeFile|writeFileSync|createWriteStream|appendFile|appendFileSync|rename|renameSync|copyFile|copyFileSync|cpSync|dumpDataDir|loadDataDir|execFile|spawn)\s*\(/;
    const sources = (dir: string): string[] =>
      fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
        const relative = path.posix.join(dir, entry.name);
        if (entry.isDirectory()) return sources(relative);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
      });
    const writers = ["app", "server"]
      .flatMap(sources)
      .filter((file) => writes.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
    const declared = fileDeclarations.flatMap((declaration) => declaration.writtenBy);
    expect(writers.length).toBeGreaterThan(0);
    expect(writers.filter((file) => !declared.includes(file))).toEqual([]);
    for (const file of declared) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });
});
