/**
 * Runs after `react-router build` (react-router.config.ts `buildEnd`):
 * writes brotli and gzip variants beside every compressible client file,
 * which nginx serves as they are (gzip_static, brotli_static), and records
 * the origin the prerendered pages were rendered with. With `--origin`, it
 * instead moves an existing build's prerendered pages to another origin
 * (SITE_URL changed without a rebuild), variants included.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { parseEnv } from "../app/lib/env.server";
import {
  BUILD_INFO_FILE,
  type BuildInfo,
  readPrerenderOrigin,
  replaceOrigin,
} from "../server/prerender-origin";
import { parseCommandLine } from "./command-line";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats; images here are SVG (text) or already compressed. */
const COMPRESSIBLE = /\.(?:html|data|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** At the highest levels: it costs the build, never a visitor. */
async function precompress(files: string[]): Promise<void> {
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await fs.promises.writeFile(`${file}.br`, br);
      await fs.promises.writeFile(`${file}.gz`, gz);
    }),
  );
}

function writeBuildInfo(buildDirectory: string, info: BuildInfo): void {
  fs.writeFileSync(path.join(buildDirectory, BUILD_INFO_FILE), `${JSON.stringify(info)}\n`);
}

export async function finishBuild(buildDirectory: string): Promise<void> {
  const files = listFiles(path.join(buildDirectory, "client")).filter((file) => COMPRESSIBLE.test(file));
  await precompress(files);
  // The prerendering ran in this process's parent, with this environment.
  const info: BuildInfo = { prerenderOrigin: parseEnv(process.env).SITE_URL };
  writeBuildInfo(buildDirectory, info);
  console.log(
    `Precompressed ${files.length} client files (brotli, gzip); pages rendered for ${info.prerenderOrigin}`,
  );
}

/**
 * Rewrites the prerendered pages (HTML and their .data) of a finished build
 * for another origin, with new variants, and records it. Whole origins only
 * (server/prerender-origin.ts).
 */
export async function movePagesToOrigin(buildDirectory: string, origin: string): Promise<number> {
  const clientDir = path.join(buildDirectory, "client");
  const from = readPrerenderOrigin(clientDir);
  if (!from) throw new Error(`${buildDirectory} records no prerender origin: build it again`);
  const changed: string[] = [];
  for (const file of listFiles(clientDir)) {
    if (!/(?:\/index\.html|\.data)$/.test(file)) continue;
    const text = fs.readFileSync(file, "utf8");
    const moved = replaceOrigin(text, from, origin);
    if (moved === text) continue;
    fs.writeFileSync(file, moved);
    changed.push(file);
  }
  await precompress(changed);
  writeBuildInfo(buildDirectory, { prerenderOrigin: origin });
  return changed.length;
}

const USAGE = `Usage: tsx scripts/finish-build.ts <buildDirectory> [--origin <url>]

Without --origin: precompresses the client files and records the origin the
pages were prerendered with (react-router.config.ts runs this after a build).
With --origin: moves the prerendered pages of a finished build to that origin
(the SITE_URL the server runs with), so that they are served as files.`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseCommandLine(USAGE, { origin: { type: "string" } }, { min: 1, max: 1 });
  const buildDirectory = positionals[0]!;
  if (values.origin) {
    // As the server reads SITE_URL (app/lib/env.server.ts).
    const origin = values.origin.replace(/\/+$/, "");
    const count = await movePagesToOrigin(buildDirectory, origin);
    console.log(`Moved ${count} prerendered files to ${origin}`);
  } else {
    await finishBuild(buildDirectory);
  }
}
