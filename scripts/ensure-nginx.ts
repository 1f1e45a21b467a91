import { pathToFileURL } from "node:url";
import { type DebianPackageSet, ensureDebianPackages } from "./debian-packages";

/**
 * Debian's nginx, the brotli_static module deploy/nginx/volta-meridian.conf
 * uses, openssl, which makes the test's self-signed certificate, and procps,
 * whose pgrep deploy/nginx/upstream.sh uses to see nginx's workers change.
 */
const PACKAGES = ["nginx", "libnginx-mod-http-brotli-static", "openssl", "procps"];
const NGINX = "/usr/sbin/nginx";
const OPENSSL = "/usr/bin/openssl";
const PGREP = "/usr/bin/pgrep";
export const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

/**
 * The topology test puts Debian's nginx in front of the app. `npm test` must
 * work on a fresh machine, so a missing nginx is installed from Debian's
 * packages (as root, without a terminal: CI has no stdin). Installing the
 * package does not start anything the test relies on: it runs its own nginx
 * on loopback ports with its own configuration.
 */
export const NGINX_PACKAGES: DebianPackageSet = {
  what: "nginx",
  files: [NGINX, BROTLI_MODULE, OPENSSL, PGREP],
  packages: PACKAGES,
  service: "nginx",
};

export function ensureNginx(): string {
  ensureDebianPackages(NGINX_PACKAGES);
  return NGINX;
}

// `npx tsx scripts/ensure-nginx.ts`, e.g. to prepare a machine by hand.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`nginx: ${ensureNginx()}`);
}
