import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { clientLinks } from "~db/schema";
import { clientLinkDays } from "~/content/kyc-checklists";
import type { Db } from "~/lib/db/db.server";

/** 32 random bytes, base64url: never guessed; only its SHA-256 is stored. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function hashOf(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A new link to one inquiry's client page, valid for `clientLinkDays`; returns the token, shown once. */
export async function createClientLink(
  db: Db,
  link: { inquiryId: string; createdBy: string | null; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = link.now ?? new Date();
  const expiresAt = new Date(now.getTime() + clientLinkDays * 86_400_000);
  await db.insert(clientLinks).values({
    inquiry_id: link.inquiryId,
    token_hash: hashOf(token),
    created_by: link.createdBy,
    created_at: now,
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

/** The inquiry a token opens, or null: unknown, expired and revoked links open nothing. */
export async function openClientLink(db: Db, token: string, now = new Date()): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({ inquiryId: clientLinks.inquiry_id })
    .from(clientLinks)
    .where(
      and(
        eq(clientLinks.token_hash, hashOf(token)),
        isNull(clientLinks.revoked_at),
        gt(clientLinks.expires_at, now),
      ),
    );
  return row?.inquiryId ?? null;
}

/** Ends every link of an inquiry at once; returns how many were open. */
export async function revokeClientLinks(db: Db, inquiryId: string): Promise<number> {
  const revoked = await db
    .update(clientLinks)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(clientLinks.inquiry_id, inquiryId), isNull(clientLinks.revoked_at)))
    .returning({ id: clientLinks.id });
  return revoked.length;
}

/** The newest link's state for the desk: when it ends, or that none is open. */
export async function clientLinkState(db: Db, inquiryId: string, now = new Date()) {
  const [row] = await db
    .select({ expiresAt: clientLinks.expires_at })
    .from(clientLinks)
    .where(
      and(
        eq(clientLinks.inquiry_id, inquiryId),
        isNull(clientLinks.revoked_at),
        gt(clientLinks.expires_at, now),
      ),
    )
    .orderBy(sql`${clientLinks.expires_at} desc`)
    .limit(1);
  return row ? { open: true as const, expiresAt: row.expiresAt } : { open: false as const };
}
