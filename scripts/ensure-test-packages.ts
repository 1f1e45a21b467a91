/**
 * `npm run test:packages`: installs, where missing, the Debian packages the
 * suites run for real (nginx for the topology test, Dovecot for the mailbox
 * tests, ClamAV for the upload scans) in one apt-get run. `npm test` runs it beside the typecheck, lint
 * and build, whose work is the processor's while this one's is the network's
 * and the disk's; the suites then find them installed instead of each
 * stopping a test worker for its own package-list update and install.
 */
import { ensureDebianPackageSets } from "./debian-packages";
import { HEADLESS_SHELL_PACKAGES } from "./ensure-chromium";
import { CLAMAV_PACKAGES } from "./ensure-clamav";
import { DOVECOT_PACKAGES } from "./ensure-dovecot";
import { NGINX_PACKAGES } from "./ensure-nginx";

// A browser chosen with CHROMIUM_PATH is the e2e tests' instead.
const browser = process.env.CHROMIUM_PATH ? [] : [HEADLESS_SHELL_PACKAGES];
ensureDebianPackageSets([NGINX_PACKAGES, DOVECOT_PACKAGES, CLAMAV_PACKAGES, ...browser]);
console.log(
  `test packages: nginx, Dovecot, ClamAV${browser.length ? " and Chromium's headless shell" : ""} installed`,
);
