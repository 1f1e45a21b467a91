import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Attachment, Email } from "postal-mime";
import type { ReceivedMailLimits } from "~/content/received-mail-limits";

/** What the worker hands back: the parsed message, its text already cut, and at most the listed attachments. */
interface ParsedInWorker {
  email: Omit<Email, "html" | "attachments" | "text"> & { attachments: Attachment[] };
  /** The text body (an HTML-only message's converted), cut to the stored limit plus one character. */
  text: string;
  /** The text's length before the cut. */
  textChars: number;
  /** Every attachment the message had, listed or not. */
  attachmentCount: number;
}

/** A message the parser could not read: a reason without any of its content. */
export class UnreadableMailError extends Error {}

const require = createRequire(import.meta.url);
/** Resolved here, so the worker loads the same copies wherever this module runs (sources or the build). */
const MODULES = { postalMime: require.resolve("postal-mime"), htmlToText: require.resolve("html-to-text") };

/*
 * Parsing runs in a worker thread because postal-mime and html-to-text work synchronously: a large body would hold
 * the event loop, and deep nesting overflows the stack. In a worker a stuck parse is ended by its time limit and
 * memory is bounded. The code is a string so the bundled server needs no second entry point.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const PostalMime = require(workerData.modules.postalMime).default;
const { convert } = require(workerData.modules.htmlToText);
parentPort.on("message", async ({ raw, limits }) => {
  try {
    const email = await PostalMime.parse(raw, {
      attachmentEncoding: "arraybuffer",
      rfc822Attachments: true,
      maxNestingDepth: limits.mimeDepth,
      maxHeadersSize: limits.headerBytes,
    });
    let text = email.text;
    if (text === undefined && email.html) {
      text = convert(email.html.slice(0, limits.htmlChars), {
        wordwrap: false,
        selectors: [
          { selector: "img", format: "skip" },
          { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
        ],
      });
    }
    text = text || "";
    const attachments = email.attachments.slice(0, limits.attachmentsPerMessage);
    const buffers = attachments.map((a) => a.content).filter((c) => c instanceof ArrayBuffer);
    parentPort.postMessage(
      {
        ok: true,
        parsed: {
          email: { ...email, html: undefined, text: undefined, attachments },
          text: text.slice(0, limits.storedBodyChars + 1),
          textChars: text.length,
          attachmentCount: email.attachments.length,
        },
      },
      [...new Set(buffers)],
    );
  } catch (error) {
    parentPort.postMessage({ ok: false, reason: (error && error.name) || "Error" , detail: String((error && error.message) || "").slice(0, 120) });
  }
});
`;

/** A worker that answered is kept for the next message: starting one costs more than most parses. */
let spare: Worker | null = null;

/** Parses one raw message in a worker; an UnreadableMailError when it cannot be read (error, time or memory). */
export function parseInWorker(raw: Uint8Array, limits: ReceivedMailLimits): Promise<ParsedInWorker> {
  const worker =
    spare ??
    new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { modules: MODULES },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
  spare = null;
  worker.ref();
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void, answered: boolean) => {
      clearTimeout(timer);
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (answered && !spare) {
        worker.unref();
        spare = worker;
      } else {
        void worker.terminate();
      }
      outcome();
    };
    const onMessage = (
      answer: { ok: true; parsed: ParsedInWorker } | { ok: false; reason: string; detail: string },
    ) =>
      finish(
        () =>
          answer.ok
            ? resolve(answer.parsed)
            : reject(new UnreadableMailError(`could not be parsed: ${answer.reason}: ${answer.detail}`)),
        true,
      );
    const onError = (error: Error) =>
      finish(() => reject(new UnreadableMailError(`parser failed: ${error.name}`)), false);
    const onExit = (code: number) =>
      finish(() => reject(new UnreadableMailError(`parser exited with code ${code}`)), false);
    const timer = setTimeout(
      () => finish(() => reject(new UnreadableMailError(`parse took over ${limits.parseMs} ms`)), false),
      limits.parseMs,
    );
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    // Handed over, not cloned: a clone of a large message is copied more than once on this thread.
    const copy = new Uint8Array(raw);
    worker.postMessage({ raw: copy, limits }, [copy.buffer]);
  });
}
