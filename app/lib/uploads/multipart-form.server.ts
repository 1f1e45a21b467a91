import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import Busboy, { type BusboyInstance } from "@fastify/busboy";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { data } from "react-router";
import { stripSingleLineControls } from "~/forms/single-line";
import { UNREADABLE_FORM_MESSAGE } from "~/lib/http/form-data.server";

/** One file of a multipart form, as its bytes arrive; `fields` holds the fields sent before it. */
export interface IncomingFile {
  field: string;
  fileName: string;
  content: AsyncIterable<Buffer>;
  fields: ReadonlyMap<string, string>;
}

/** An upload form is a few short fields and one file; anything more is not ours. */
const FIELD_LIMITS = { fields: 10, fieldSize: 2_000, fieldNameSize: 100, parts: 12 } as const;

/**
 * Reads a multipart form as it streams in: fields into a map (control characters stripped), the one file handed
 * to `onFile`, which must read it to the end. `onFile` never sees more than `maxFileBytes + 1` bytes: busboy drops
 * the rest, so a file over the limit is seen as one and refused without being held.
 */
export async function readUploadForm<Result>(
  request: Request,
  options: { maxFileBytes: number; onFile(file: IncomingFile): Promise<Result> },
): Promise<{ fields: Map<string, string>; file: Result | null }> {
  const type = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data;/i.test(type))
    throw data(UNREADABLE_FORM_MESSAGE, { status: 400 });
  const fields = new Map<string, string>();
  let handled: Promise<Result> | null = null;
  let busboy: BusboyInstance;
  try {
    busboy = new Busboy({
      headers: { "content-type": type },
      limits: { ...FIELD_LIMITS, files: 1, fileSize: options.maxFileBytes + 1 },
    });
  } catch {
    throw data(UNREADABLE_FORM_MESSAGE, { status: 400 });
  }
  busboy.on("field", (name, value) => {
    if (!fields.has(name)) fields.set(name, stripSingleLineControls(value));
  });
  busboy.on("file", (field, stream, fileName) => {
    if (handled) {
      stream.resume();
      return;
    }
    handled = options.onFile({ field, fileName, content: stream, fields: new Map(fields) });
    // A handler that failed must not leave the stream, and so the whole body, stalled.
    handled.catch(() => stream.resume());
  });
  try {
    await pipeline(Readable.fromWeb(request.body as WebReadableStream), busboy);
  } catch {
    if (handled) await (handled as Promise<Result>).catch(() => null);
    throw data(UNREADABLE_FORM_MESSAGE, { status: 400 });
  }
  return { fields, file: handled ? await (handled as Promise<Result>) : null };
}
