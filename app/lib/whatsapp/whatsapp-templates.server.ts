import { and, eq, ne } from "drizzle-orm";
import { whatsappTemplates } from "~db/schema";
import type { WhatsAppTemplateInput } from "~/forms/whatsapp";
import type { Db } from "~/lib/db/db.server";

type Saved = { ok: true; id: string } | { ok: false; reason: "name-taken" | "not-found" };

export async function getWhatsAppTemplate(db: Db, id: string) {
  const [row] = await db.select().from(whatsappTemplates).where(eq(whatsappTemplates.id, id));
  return row ?? null;
}

/** Meta keeps one template per name and language: so does the desk. */
async function taken(tx: Db, input: WhatsAppTemplateInput, exceptId?: string) {
  const [row] = await tx
    .select({ id: whatsappTemplates.id })
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.name, input.name),
        eq(whatsappTemplates.language, input.language),
        exceptId ? ne(whatsappTemplates.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function createWhatsAppTemplate(db: Db, input: WhatsAppTemplateInput): Promise<Saved> {
  return db.transaction(async (tx) => {
    if (await taken(tx, input)) return { ok: false, reason: "name-taken" };
    const [row] = await tx
      .insert(whatsappTemplates)
      .values(input)
      .onConflictDoNothing()
      .returning({ id: whatsappTemplates.id });
    return row ? { ok: true, id: row.id } : { ok: false, reason: "name-taken" };
  });
}

/** Replies already sent from it keep the text they were sent with. */
export async function updateWhatsAppTemplate(
  db: Db,
  id: string,
  input: WhatsAppTemplateInput,
): Promise<Saved> {
  return db.transaction(async (tx) => {
    if (await taken(tx, input, id)) return { ok: false, reason: "name-taken" };
    const [row] = await tx
      .update(whatsappTemplates)
      .set(input)
      .where(eq(whatsappTemplates.id, id))
      .returning({ id: whatsappTemplates.id });
    return row ? { ok: true, id: row.id } : { ok: false, reason: "not-found" };
  });
}

export async function deleteWhatsAppTemplate(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(whatsappTemplates)
    .where(eq(whatsappTemplates.id, id))
    .returning({ id: whatsappTemplates.id });
  return rows.length > 0;
}
