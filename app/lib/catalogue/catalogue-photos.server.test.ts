import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { equipmentItemChanges, equipmentPhotos } from "~db/schema";
import { createAccount } from "~db/seed/seed.server";
import { deletePhoto, listPhotosOf, movePhoto, receivePhoto } from "~/lib/catalogue/catalogue-photos.server";
import { renderPhoto } from "~/lib/catalogue/photo-renditions.server";
import { parseEnv } from "~/lib/env.server";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { TEST_ENV } from "../../../tests/support/test-context";

/** A photo as a phone takes it at a mine: GPS position, camera, owner, and stored on its side (orientation 6). */
async function phonePhoto(): Promise<Buffer> {
  // Left half red, right half blue, 400 × 200 as stored; upright it is 200 × 400, red on top.
  const left = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: "#0000ff" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12", Artist: "Kwame Mensah" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "5/1 18/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "1/1 59/1 0/1",
      },
    })
    .toBuffer();
}

/** A PNG that says it is 20,000 × 20,000 pixels (a decompression bomb's header) with a few bytes of data. */
function hugePngHeader(): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), body])));
    return Buffer.concat([length, Buffer.from(type), body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(60_001))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function* streamOf(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += 16_384) yield bytes.subarray(at, at + 16_384);
}

describe("a photo's renditions", () => {
  it("keep no metadata at all, and come out upright", async () => {
    const input = await phonePhoto();
    const sent = await sharp(input).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif?.includes("GPS") || sent.exif?.includes("PhoneMaker")).toBe(true);
    const renditions = await renderPhoto(input);
    expect(renditions).toMatchObject({ widths: [200], width: 200, height: 400 });
    expect(renditions.files.map((file) => file.name.replace(renditions.key, "K"))).toEqual([
      "K-200.avif",
      "K-200.webp",
      "K-200.jpg",
    ]);
    for (const file of renditions.files) {
      const metadata = await sharp(file.data).metadata();
      expect(metadata).toMatchObject({ width: 200, height: 400 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      for (const trace of ["Exif", "PhoneMaker", "Kwame", "GPS"])
        expect(file.data.includes(trace)).toBe(false);
      // Upright: red at the top, blue at the bottom.
      const { data } = await sharp(file.data).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [...data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3)];
      expect(at(100, 50)[0]).toBeGreaterThan(200);
      expect(at(100, 350)[2]).toBeGreaterThan(200);
    }
  });

  it("are made at each width up to the photo's own, named by their bytes", async () => {
    const input = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#c08040" } })
      .jpeg()
      .toBuffer();
    const renditions = await renderPhoto(input);
    expect(renditions).toMatchObject({ widths: [480, 960, 1200], width: 1200, height: 800 });
    expect(renditions.key).toMatch(/^[0-9a-f]{32}$/);
    expect((await renderPhoto(input)).key).toBe(renditions.key);
  });

  it("refuses a 20,000 × 20,000 image by the pixel cap, before decoding it", async () => {
    const before = process.memoryUsage().rss;
    await expect(renderPhoto(hugePngHeader())).rejects.toMatchObject({ problem: "pixels" });
    const grown = process.memoryUsage().rss - before;
    console.log(`RSS growth refusing a 20,000 × 20,000 PNG: ${(grown / 1024 / 1024).toFixed(1)} MiB`);
    // Decoded it would take 1.2 GB; refused from its header it takes nothing worth counting.
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  });
});

describe.each(testBackends)("an item's photos on %s", (backend) => {
  const database = useTestDatabase(backend);
  let dataDir = "";
  let actorId = "";
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-photos-"));
    actorId = await createAccount(database.db, parseEnv({ ...TEST_ENV }), {
      name: "Ada Admin",
      email: "ada.photos@example.test",
      password: "amber-quarry-k7q2m9xw4r-lantern-vesper",
      admin: true,
    });
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const itemId = "cat-320-excavator";

  it("refuses a file that is not an image, whatever it is called, and one without alt text", async () => {
    const text = Buffer.from("<html><script>alert(1)</script></html>".repeat(200));
    const upload = { itemId, actorId, content: streamOf(text) };
    expect(await receivePhoto(database.db, dataDir, { ...upload, alt: "A photo.jpg" })).toEqual({
      added: false,
      problem: "format",
    });
    const photo = await phonePhoto();
    expect(
      await receivePhoto(database.db, dataDir, { ...upload, content: streamOf(photo), alt: " " }),
    ).toEqual({
      added: false,
      problem: "no-alt",
    });
    expect(
      await receivePhoto(database.db, dataDir, {
        ...upload,
        content: streamOf(hugePngHeader()),
        alt: "Huge",
      }),
    ).toEqual({ added: false, problem: "pixels" });
    expect(await database.db.$count(equipmentPhotos)).toBe(0);
  });

  it("adds, orders and deletes photos, with their files and the history", async () => {
    const add = async (alt: string, colour: string) => {
      const content = streamOf(
        await sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
          .jpeg()
          .toBuffer(),
      );
      const added = await receivePhoto(database.db, dataDir, { itemId, actorId, alt, content });
      if (!added.added) throw new Error(added.problem);
      return added.photoId;
    };
    const first = await add("The excavator from the front", "#806040");
    const second = await add("The excavator's cab", "#406080");
    const alts = async () =>
      (await listPhotosOf(database.db, [itemId])).get(itemId)!.map((photo) => photo.alt);
    expect(await alts()).toEqual(["The excavator from the front", "The excavator's cab"]);
    const [photo] = (await listPhotosOf(database.db, [itemId])).get(itemId)!;
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith(photo!.key))).toHaveLength(
      photo!.widths.length * 3,
    );

    expect(await movePhoto(database.db, { itemId, photoId: second }, "up")).toBe(true);
    expect(await alts()).toEqual(["The excavator's cab", "The excavator from the front"]);
    expect(await movePhoto(database.db, { itemId: "komatsu-d65px-bulldozer", photoId: first }, "up")).toBe(
      false,
    );

    expect(await deletePhoto(database.db, dataDir, { itemId, photoId: first, actorId })).toBe(true);
    expect(await alts()).toEqual(["The excavator's cab"]);
    expect(fs.readdirSync(dataDir).some((name) => name.startsWith(photo!.key))).toBe(false);
    const history = await database.db
      .select({ from: equipmentItemChanges.from_value, to: equipmentItemChanges.to_value })
      .from(equipmentItemChanges)
      .where(eq(equipmentItemChanges.field, "photos"));
    expect(history).toEqual(
      expect.arrayContaining([
        { from: null, to: "The excavator from the front" },
        { from: "The excavator from the front", to: null },
      ]),
    );
  });
});
