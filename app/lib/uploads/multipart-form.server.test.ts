import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { uploadLimits } from "~/content/uploads";
import { readUploadForm } from "~/lib/uploads/multipart-form.server";
import { storeUpload } from "~/lib/uploads/upload-files.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "multipart-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const BOUNDARY = "----vm-test-boundary";
const PDF_HEAD = Buffer.from("%PDF-1.7\n");

/** A multipart body streamed as it is read: `fields`, then one file of `fileBytes` bytes. */
function streamedRequest(fields: Record<string, string>, fileName: string, fileBytes: number): Request {
  const block = Buffer.alloc(64 * 1024, 0x30);
  async function* parts(): AsyncGenerator<Uint8Array> {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
    }
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    yield PDF_HEAD;
    for (let sent = PDF_HEAD.length; sent < fileBytes; sent += block.length) {
      yield block.subarray(0, Math.min(block.length, fileBytes - sent));
    }
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  const iterator = parts();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  return new Request("http://site.example.test/client", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: "half",
  } as RequestInit);
}

const store = (file: string) => (incoming: { content: AsyncIterable<Buffer> }) =>
  storeUpload(incoming.content, {
    file,
    key: crypto.randomBytes(32),
    maxBytes: uploadLimits.maxFileBytes,
    formats: ["pdf"],
  });

describe("reading an upload form as it streams", () => {
  it("hands over the fields sent before the file, and the file.s name without its path", async () => {
    const file = path.join(dir, crypto.randomUUID());
    let seen: { fileName: string; fields: ReadonlyMap<string, string> } | null = null;
    const form = await readUploadForm(
      streamedRequest({ item: "passport\u0007", intent: "upload" }, "../../x.pdf", 1000),
      {
        maxFileBytes: uploadLimits.maxFileBytes,
        onFile: (incoming) => {
          seen = incoming;
          return store(file)(incoming);
        },
      },
    );
    expect(form.file).toMatchObject({ stored: true, bytes: 1000, format: "pdf" });
    // busboy keeps only the last segment of a name; the store never uses it as a path anyway.
    expect(seen!.fileName).toBe("x.pdf");
    expect(Object.fromEntries(seen!.fields)).toEqual({ item: "passport", intent: "upload" });
    expect(fs.existsSync(file)).toBe(true);
  });

  it("an upload far over the limit is cut off at the limit and refused, with memory flat", async () => {
    const file = path.join(dir, crypto.randomUUID());
    const total = uploadLimits.maxFileBytes * 10;
    const before = process.memoryUsage().rss;
    const form = await readUploadForm(streamedRequest({ item: "passport" }, "big.pdf", total), {
      maxFileBytes: uploadLimits.maxFileBytes,
      onFile: store(file),
    });
    const grown = process.memoryUsage().rss - before;
    console.log(
      `${total / 1024 / 1024} MB multipart upload refused; RSS grew ${(grown / 1024 / 1024).toFixed(1)} MB`,
    );
    expect(form.file).toEqual({ stored: false, problem: "too-large" });
    expect(fs.existsSync(file)).toBe(false);
    expect(grown).toBeLessThan(total / 4);
  });

  it("a body that is not a multipart form is a 400", async () => {
    const request = new Request("http://site.example.test/client", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=b",
    });
    await expect(
      readUploadForm(request, { maxFileBytes: 10, onFile: async () => null }),
    ).rejects.toMatchObject({
      init: { status: 400 },
    });
  });
});
