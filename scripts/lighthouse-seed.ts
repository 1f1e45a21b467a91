/**
 * What `npm run lighthouse` signs in with: the demo desk `npm run db:seed`
 * makes (sixty inquiries of every kind, half owned by the admin, the newest
 * awaiting a reply) and that admin's session after an authenticator code,
 * as the dashboard asks of an admin, and two photos on the scored item page.
 * Seeded before the server starts:
 * PGlite allows one process at a time.
 */
import { desc, eq } from "drizzle-orm";
import { contactSubmissions } from "../db/schema";
import { createAuth, sessionCookieName } from "../app/lib/auth/auth.server";
import sharp from "sharp";
import { type Db, openDatabase } from "../app/lib/db/db.server";
import { receivePhoto } from "../app/lib/catalogue/catalogue-photos.server";
import { photosDir } from "../app/lib/catalogue/photo-files.server";
import { createAccount, demoInquiries, insertInquiries } from "../db/seed/seed.server";
import type { Env } from "../app/lib/env.server";
import { signInAdminWithTotp } from "../tests/support/admin-session";

const DAY_MS = 86_400_000;

export interface SignedInDesk {
  /** The `Cookie` header value of an admin session that proved a second factor. */
  cookie: string;
  /** The page of the newest genuine inquiry. */
  leadPath: string;
}

/** The item page Lighthouse scores shows photos: two, as an admin would upload them. */
const PHOTO_ITEM_ID = "cat-320-excavator";

async function seedItemPhotos(db: Db, dataDir: string, actorId: string): Promise<void> {
  for (const [alt, colour] of [
    ["The CAT 320 excavator at the yard", "#c9a227"],
    ["The CAT 320's cab and boom", "#5a6b7c"],
  ] as const) {
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    const added = await receivePhoto(db, photosDir({ DATA_DIR: dataDir }), {
      itemId: PHOTO_ITEM_ID,
      alt,
      actorId,
      content: (async function* () {
        yield photo;
      })(),
    });
    if (!added.added) throw new Error(`photo not seeded: ${added.problem}`);
  }
}

export async function seedSignedInDesk(dataDir: string, env: Env): Promise<SignedInDesk> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    const account = {
      name: "Lighthouse Admin",
      email: "lighthouse.admin@example.test",
      password: "lighthouse-ember-k7q2m9xw4r-quarry",
      admin: true,
    };
    const adminId = await createAccount(database.db, env, account);
    const now = Date.now();
    await insertInquiries(
      database.db,
      demoInquiries({
        count: 60,
        from: new Date(now - 30 * DAY_MS),
        to: new Date(now),
        desk: { ownerIds: [adminId] },
      }),
    );
    const [newest] = await database.db
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.is_spam, false))
      .orderBy(desc(contactSubmissions.created_at))
      .limit(1);
    if (!newest) throw new Error("no inquiry seeded");
    await seedItemPhotos(database.db, dataDir, adminId);
    const { cookie } = await signInAdminWithTotp(
      createAuth(database.db, env),
      sessionCookieName(env),
      account,
    );
    return { cookie, leadPath: `/dashboard/inquiries/${newest.id}` };
  } finally {
    await database.close();
  }
}
