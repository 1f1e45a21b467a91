/**
 * `npm run test:packages`: installs, where missing, the Debian packages the
 * suites run for real (nginx for the topology test, Dovecot for the mailbox
 * tests) in one apt-get run. `npm test` runs it beside the typecheck, lint
 * and build, whose work is the processor's while this one's is the network's
 * and the disk's; the suites then find them installed instead of each
 * stopping a test worker for its own package-list update and install.
 */
import { ensureDebianPackageSets } from "./debian-packages";
import { DOVECOT_PACKAGES } from "./ensure-dovecot";
import { NGINX_PACKAGES } from "./ensure-nginx";

ensureDebianPackageSets([NGINX_PACKAGES, DOVECOT_PACKAGES]);
console.log("test packages: nginx and Dovecot installed");
