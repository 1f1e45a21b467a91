import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * Debian's nginx, the brotli_static module deploy/nginx/volta-meridian.conf
 * uses, and openssl, which makes the test's self-signed certificate.
 */
const PACKAGES = ["nginx", "libnginx-mod-http-brotli-static", "openssl"];
const NGINX = "/usr/sbin/nginx";
const OPENSSL = "/usr/bin/openssl";
export const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

/**
 * The topology test puts Debian's nginx in front of the app. `npm test` must
 * work on a fresh machine, so a missing nginx is installed from Debian's
 * packages (as root, without a terminal: CI has no stdin). Installing the
 * package does not start anything the test relies on: it runs its own nginx
 * on loopback ports with its own configuration.
 */
export function ensureNginx(): string {
  if ([NGINX, BROTLI_MODULE, OPENSSL].every((file) => fs.existsSync(file))) return NGINX;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `nginx is missing (${NGINX}, ${BROTLI_MODULE} or ${OPENSSL}) and installing it needs root: ` +
        `sudo apt-get install ${PACKAGES.join(" ")} (or run this as root)`,
    );
  }
  console.log(`Installing ${PACKAGES.join(", ")} from Debian's packages`);
  const aptGet = (...args: string[]) =>
    execFileSync("apt-get", args, {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  aptGet("update", "-qq");
  aptGet("install", "-y", "-qq", "--no-install-recommends", ...PACKAGES);
  // The package starts the system-wide service where an init system runs;
  // nothing here needs it, and it would hold ports 80 and 443.
  try {
    execFileSync("service", ["nginx", "stop"], { stdio: "ignore" });
  } catch {
    // no init system, or not running: nothing to stop
  }
  return NGINX;
}

// `npx tsx scripts/ensure-nginx.ts`, e.g. to prepare a machine by hand.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`nginx: ${ensureNginx()}`);
}
