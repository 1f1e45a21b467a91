import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { retention } from "~/content/retention";
import { uploadLimits } from "~/content/uploads";

const ROOT = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const HOUR = 1;
const DAY = 24 * HOUR;

/** The one value of `key` in a file (`Key=12day`, or `key 12` in logrotate's style). */
function setting(text: string, pattern: RegExp): number {
  const matches = [...text.matchAll(pattern)];
  expect(matches, String(pattern)).toHaveLength(1);
  return Number(matches[0]![1]);
}

describe("the deploy files keep server logs no longer than the privacy notice says", () => {
  const limitHours = retention.serverLogDays * DAY;

  it("journald: a line lives at most MaxRetentionSec, plus a file's span, plus a day until the next rotation looks", () => {
    const text = read("deploy/journald/volta.conf");
    expect(text).toContain(`\`serverLogDays\` (${retention.serverLogDays})`);
    const keptDays = setting(text, /^MaxRetentionSec=(\d+)day$/gm);
    const fileDays = setting(text, /^MaxFileSec=(\d+)day$/gm);
    expect(keptDays * DAY + fileDays * DAY + DAY).toBeLessThanOrEqual(limitHours);
  });

  it("logrotate: a line lives at most its rotations plus the live file's day (and the hour the timer may wait)", () => {
    const text = read("deploy/logrotate/nginx");
    expect(text).toContain(`\`serverLogDays\` (${retention.serverLogDays})`);
    expect(text).toMatch(/^\s*daily$/m);
    expect(text).toMatch(/^\/var\/log\/nginx\/\*\.log \{$/m);
    const rotations = setting(text, /^\s*rotate (\d+)$/gm);
    expect(rotations * DAY + DAY + HOUR).toBeLessThanOrEqual(limitHours);
  });

  it("the operator's guide installs both", () => {
    const readme = read("deploy/README.md");
    expect(readme).toContain("journald/volta.conf");
    expect(readme).toContain("logrotate/nginx");
  });
});

describe("nginx lets the client page's uploads and the catalogue's photos through, and nothing else that large", () => {
  it("takes one file of the upload limit with its form on the client pages and the photo upload, streamed, and 64 KiB elsewhere", () => {
    const text = read("deploy/nginx/volta-meridian.conf");
    const megabytes = (value: string) =>
      Number(value.slice(0, -1)) * (value.endsWith("m") ? 1024 * 1024 : 1024);
    const sizes = [...text.matchAll(/^\s*client_max_body_size (\d+[km]);$/gm)].map((match) => match[1]!);
    expect(sizes[0]).toBe("64k");
    const uploadSizes = sizes.slice(1);
    expect(uploadSizes).toHaveLength(3);
    for (const size of uploadSizes) {
      // Room for the multipart boundary and the item's field, but not for a second file.
      expect(megabytes(size)).toBeGreaterThan(uploadLimits.maxFileBytes);
      expect(megabytes(size)).toBeLessThan(2 * uploadLimits.maxFileBytes);
    }
    for (const location of [
      "location = /client {",
      "location ~ ^/account/inquiries/[0-9a-f-]+$ {",
      "location /dashboard/equipment-photos/ {",
    ]) {
      const block = text.slice(text.indexOf(location), text.indexOf("}", text.indexOf(location)));
      expect(block, location).toMatch(/client_max_body_size \d+m;/);
      expect(block, location).toContain("proxy_request_buffering off;");
    }
  });
});
