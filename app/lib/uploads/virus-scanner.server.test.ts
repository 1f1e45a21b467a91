import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Clamd, EICAR_PDF, startClamd } from "../../../tests/support/clamd";
import { scanWithClamd } from "~/lib/uploads/virus-scanner.server";

let clamd: Clamd;
beforeAll(async () => {
  clamd = await startClamd();
});
afterAll(async () => {
  await clamd.dispose();
});

async function* chunks(...parts: Buffer[]) {
  for (const part of parts) yield part;
}

describe("scanWithClamd", () => {
  it("names the signature of an infected file and passes a clean one", async () => {
    expect(await scanWithClamd(clamd.address, chunks(EICAR_PDF))).toEqual({
      verdict: "infected",
      signature: "Local.Eicar-Test-File.UNOFFICIAL",
    });
    expect(await scanWithClamd(clamd.address, chunks(Buffer.from("%PDF-1.7\n%%EOF\n")))).toEqual({
      verdict: "clean",
    });
  });

  it("scan hang: a file that fails while it is read (another scan deleted it) ends as unavailable, and the pass goes on", async () => {
    // Two scans of one infected file: the first deletes it while the second streams it.
    async function* vanishing() {
      yield Buffer.from("%PDF-1.7\n");
      throw Object.assign(new Error("ENOENT: no such file or directory"), { code: "ENOENT" });
    }
    const verdict = await scanWithClamd(clamd.address, vanishing());
    expect(verdict).toMatchObject({ verdict: "unavailable", reason: expect.stringContaining("ENOENT") });
  });

  it("tells a scanner that cannot be reached apart from a file that got no verdict", async () => {
    expect(await scanWithClamd("127.0.0.1:1", chunks(EICAR_PDF))).toMatchObject({ verdict: "unreachable" });
  });
});
