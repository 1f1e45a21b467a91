import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Server-only modules must never reach the browser bundle by accident.
const DATABASE_DRIVERS = {
  group: ["pg", "@electric-sql/pglite", "drizzle-orm/node-postgres", "drizzle-orm/pglite"],
  message:
    "Only app/lib/db/db.server.ts and the postgres-* helpers (with scripts/postgres-move.ts) talk to a database driver.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "data/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": ["error", { patterns: [DATABASE_DRIVERS] }],
    },
  },
  {
    // One import style in the app: `~/` for app/, `~db/` for db/ (React Router's generated types excepted).
    files: ["app/**/*.{ts,tsx}"],
    // app/content imports only itself, relatively: react-router.config.ts loads it for
    // prerendering without Vite's path aliases.
    ignores: ["**/*.test.{ts,tsx}", "app/content/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.{1,2}/(?!\\+types/)",
              message: "Import app modules through ~/ and db/ through ~db/.",
            },
            DATABASE_DRIVERS,
          ],
        },
      ],
    },
  },
  {
    files: [
      "app/lib/db/db.server.ts",
      "app/lib/db/postgres-*.server.ts",
      "app/lib/backup/postgres-backup.server.ts",
      "scripts/postgres-move.ts",
      "tests/support/scratch-postgres.ts",
    ],
    rules: { "no-restricted-imports": "off" },
  },
);
