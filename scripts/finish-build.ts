/**
 * Runs after `react-router build` (react-router.config.ts `buildEnd`):
 * writes brotli and gzip variants beside every compressible client file, so
 * the server never compresses static bytes per request, and records the
 * origin the prerendered pages were rendered with, which the server swaps
 * for the SITE_URL it runs with.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { parseEnv } from "../app/lib/env.server";
import { BUILD_INFO_FILE, type BuildInfo, isCompressible } from "../server/static-variants";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function precompressClientFiles(clientDir: string): Promise<number> {
  const files = listFiles(clientDir).filter(isCompressible);
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
  return files.length;
}

export async function finishBuild(buildDirectory: string): Promise<void> {
  const clientDir = path.join(buildDirectory, "client");
  const count = await precompressClientFiles(clientDir);
  // The prerendering ran in this process, with this environment.
  const info: BuildInfo = { prerenderOrigin: parseEnv(process.env).SITE_URL };
  fs.writeFileSync(path.join(buildDirectory, BUILD_INFO_FILE), `${JSON.stringify(info)}\n`);
  console.log(
    `Precompressed ${count} client files (brotli, gzip); pages rendered for ${info.prerenderOrigin}`,
  );
}

// `node --import tsx scripts/finish-build.ts <buildDirectory>`, from buildEnd.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await finishBuild(process.argv[2] ?? "build");
}
