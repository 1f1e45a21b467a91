import { Transform } from "node:stream";

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload"/g;
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Asks for a page's module preloads at low priority. React writes the
 * preloads of `<Scripts/>` into the head, and at the browser's default (high)
 * priority the desk's twenty-odd chunks share the connection with the
 * stylesheet the first paint waits for; the page is server-rendered and its
 * forms work without JavaScript, so the paint comes first and hydration
 * after. Only the head is read (it arrives whole in React's first chunks);
 * the body passes through untouched.
 */
export function lowerModulePreloadPriority(): Transform {
  let head: Buffer[] = [];
  let inHead = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!inHead) return callback(null, chunk);
      head.push(chunk);
      const bytes = Buffer.concat(head);
      // Bytes, not text: a chunk may end inside a character. Until the head's end, hold it back.
      const end = bytes.indexOf(HEAD_END);
      if (end === -1) {
        head = [bytes];
        return callback();
      }
      inHead = false;
      head = [];
      const cut = end + HEAD_END.length;
      const rewritten = bytes.subarray(0, cut).toString("utf8").replace(MODULE_PRELOAD, LOW_PRIORITY_PRELOAD);
      callback(null, Buffer.concat([Buffer.from(rewritten, "utf8"), bytes.subarray(cut)]));
    },
    flush(callback) {
      // A document without a head end (an error cut it short): send what came.
      callback(null, head.length ? Buffer.concat(head) : undefined);
    },
  });
}
