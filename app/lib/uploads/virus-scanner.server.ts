import net from "node:net";

/**
 * What clamd said of one file. Neither "unavailable" (this file could not be scanned: unreadable, or clamd gave
 * no verdict) nor "unreachable" (no connection to clamd: no file can be scanned now) is "clean": the file waits.
 */
export type ScanVerdict =
  | { verdict: "clean" }
  | { verdict: "infected"; signature: string }
  | { verdict: "unavailable"; reason: string }
  | { verdict: "unreachable"; reason: string };

/**
 * One pass over the files that wait, one at a time; returns how many still wait. Every file is tried, so one that
 * cannot be scanned (its key not set, its file unreadable) never holds back those after it; the pass ends only when
 * clamd cannot be reached, since then none can be.
 */
export async function scanInTurn<File>(
  files: readonly File[],
  scan: (file: File) => Promise<"clean" | "infected" | "pending" | "unreachable" | "gone">,
): Promise<number> {
  let waiting = files.length;
  for (const file of files) {
    const outcome = await scan(file);
    if (outcome === "unreachable") break;
    if (outcome !== "pending") waiting -= 1;
  }
  return waiting;
}

/** clamd's address: `host:port` on loopback or a network, or the path of its Unix socket. */
function parseClamdAddress(address: string): net.NetConnectOpts {
  const tcp = /^(.+):(\d{1,5})$/.exec(address);
  if (tcp && !address.startsWith("/")) return { host: tcp[1]!, port: Number(tcp[2]) };
  return { path: address };
}

const CHUNK_BYTES = 64 * 1024;
const TIMEOUT_MS = 60_000;

/**
 * Streams `content` to clamd with INSTREAM (each chunk behind its 4-byte length, a zero length to end) and reads
 * its one-line answer. Nothing is kept whole in memory.
 */
export async function scanWithClamd(address: string, content: AsyncIterable<Buffer>): Promise<ScanVerdict> {
  let socket: net.Socket;
  try {
    socket = await connect(parseClamdAddress(address));
  } catch (error) {
    return { verdict: "unreachable", reason: (error as Error).message };
  }
  const answer = readAnswer(socket);
  try {
    await write(socket, Buffer.from("zINSTREAM\0"));
    for await (const chunk of content) {
      for (let offset = 0; offset < chunk.length; offset += CHUNK_BYTES) {
        const piece = chunk.subarray(offset, offset + CHUNK_BYTES);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(piece.length);
        await write(socket, Buffer.concat([length, piece]));
      }
    }
    await write(socket, Buffer.alloc(4));
  } catch (error) {
    socket.destroy();
    // clamd closes early when a stream is over its StreamMaxLength; its answer says so.
    const said = await answer.catch(() => null);
    if (said) return verdictOf(said);
    return { verdict: "unavailable", reason: (error as Error).message };
  }
  try {
    return verdictOf(await answer);
  } catch (error) {
    return { verdict: "unavailable", reason: (error as Error).message };
  } finally {
    socket.destroy();
  }
}

function verdictOf(answer: string): ScanVerdict {
  const line = answer.replace(/\0/g, "").trim();
  if (/: OK$/.test(line)) return { verdict: "clean" };
  const found = /: (.+) FOUND$/.exec(line);
  if (found) return { verdict: "infected", signature: found[1]! };
  return { verdict: "unavailable", reason: line.slice(0, 200) || "no answer" };
}

function connect(options: net.NetConnectOpts): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(options);
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error("clamd timed out")));
    socket.once("connect", () => resolve(socket));
    socket.once("error", reject);
  });
}

function write(socket: net.Socket, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return reject(new Error("clamd closed the connection"));
    socket.write(data, (error) => (error ? reject(error) : resolve()));
  });
}

function readAnswer(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (chunk.includes(0)) resolve(Buffer.concat(chunks).toString("utf8"));
    });
    socket.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.once("error", (error) =>
      chunks.length ? resolve(Buffer.concat(chunks).toString("utf8")) : reject(error),
    );
    // A socket destroyed on our side (the file failed while it was read) emits neither "end" nor "error".
    socket.once("close", () =>
      chunks.length
        ? resolve(Buffer.concat(chunks).toString("utf8"))
        : reject(new Error("clamd closed the connection without an answer")),
    );
  });
}
