import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactSubmissions, replyDrafts, replyTemplates, user, userRoles } from "~db/schema";
import { REPLY_TEMPLATES, SEEDED_TEMPLATE_SUBJECT, SEEDED_TEMPLATE_UUIDS } from "~/content/reply-templates";
import { DraftActionSchema, ReplyTemplateSchema } from "~/forms/reply-templates";
import { parseForm } from "~/forms/parse-form";
import { applyDraftAction } from "~/routes/dashboard.inquiries.draft.server";
import { applyDeskAction } from "~/routes/dashboard.inquiries.detail.server";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { draftReply } from "~/lib/inquiries/reply-text";
import {
  getReplyDraft,
  createReplyTemplate,
  deleteReplyTemplate,
  listReplyTemplates,
  updateReplyTemplate,
} from "~/lib/inquiries/replies.server";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};

describe.each(testBackends)("reply templates and drafts on %s", (backend) => {
  const database = useTestDatabase(backend);

  it("the migration seeds the templates the code shipped with, and each passes the editor's checks", async () => {
    const rows = await database.db
      .select({
        id: replyTemplates.id,
        name: replyTemplates.name,
        subject: replyTemplates.subject,
        body: replyTemplates.body,
      })
      .from(replyTemplates)
      .orderBy(asc(replyTemplates.created_at), asc(replyTemplates.name));
    expect([...rows].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      REPLY_TEMPLATES.map((template) => ({
        id: SEEDED_TEMPLATE_UUIDS[template.id],
        name: template.label,
        subject: SEEDED_TEMPLATE_SUBJECT,
        body: template.body,
      })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    for (const { id: _id, ...row } of rows) expect(parseForm(ReplyTemplateSchema, form(row)).ok).toBe(true);
  });

  it("refuses unknown or unclosed placeholders on save, with a clear error, and stores nothing", async () => {
    const before = await listReplyTemplates(database.db);
    const typo = parseForm(
      ReplyTemplateSchema,
      form({ name: "Typo", subject: "Hello {{name}}", body: "Dear {{nmae}}, about {{ reference }}" }),
    );
    expect(typo.ok).toBe(false);
    if (!typo.ok) {
      expect(typo.fieldErrors.body).toBe(
        "Unknown placeholder {{nmae}}. Use only {{name}}, {{fullName}}, {{company}}, {{reference}}, {{sender}}, {{brand}}.",
      );
      expect(typo.fieldErrors.subject).toBeUndefined();
    }
    const open = parseForm(ReplyTemplateSchema, form({ name: "Open", subject: "Hi {{name", body: "Text" }));
    expect(open.ok).toBe(false);
    if (!open.ok) expect(open.fieldErrors.subject).toMatch(/^A placeholder is not closed/);
    expect(await listReplyTemplates(database.db)).toEqual(before);
  });

  it("adds, edits and deletes templates; names are unique whatever their case", async () => {
    await database.db.insert(user).values({ id: "ama", name: "Ama Admin", email: "ama-t@example.test" });
    const input = { name: "Site visit", subject: "Visit {{reference}}", body: "Dear {{name}}, …" };
    const created = await createReplyTemplate(database.db, input, "ama");
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(await createReplyTemplate(database.db, { ...input, name: "SITE VISIT" }, "ama")).toEqual({
      ok: false,
      reason: "name-taken",
    });
    expect(
      await updateReplyTemplate(database.db, created.id, { ...input, name: "KYC document checklist" }, "ama"),
    ).toEqual({ ok: false, reason: "name-taken" });
    expect(
      await updateReplyTemplate(database.db, created.id, { ...input, body: "Changed {{sender}}" }, "ama"),
    ).toEqual({ ok: true, id: created.id });
    const edited = (await listReplyTemplates(database.db)).find((row) => row.id === created.id);
    expect(edited?.body).toBe("Changed {{sender}}");
    expect(await deleteReplyTemplate(database.db, created.id)).toBe(true);
    expect(await deleteReplyTemplate(database.db, created.id)).toBe(false);
  });

  it("without JavaScript, inserting a template merges it into the posted text and keeps it as the draft", async () => {
    await database.db.insert(user).values({ id: "kofi", name: "Kofi Admin", email: "kofi-t@example.test" });
    await database.db.insert(userRoles).values({ user_id: "kofi", role: "admin" });
    const [lead] = await database.db
      .insert(contactSubmissions)
      .values({ name: "Efua Mensah", company: "Gold Ltd", email: "efua@example.test", message: "m" })
      .returning({ id: contactSubmissions.id });
    const id = lead!.id;
    const reference = formatInquiryReference(id);
    const created = await createReplyTemplate(
      database.db,
      {
        name: "Call",
        subject: "Call about {{reference}}",
        body: "{{name}} at {{company}}: we will call. – {{sender}}",
      },
      "kofi",
    );
    if (!created.ok) throw new Error("template not created");
    const actor = { id: "kofi", name: "Kofi Admin" };
    const fresh = draftReply({ name: "Efua Mensah", reference, senderName: "Kofi Admin" });
    const typed = fresh.body.replace("[[Your reply]]", "Thanks for writing.\n\n[[Your reply]]");
    const parsed = DraftActionSchema.parse({
      intent: "insert-template",
      id,
      subject: fresh.subject,
      body: typed,
      template: created.id,
    });
    expect(await applyDraftAction(database.db, parsed, actor)).toBe("inserted");
    const draft = await getReplyDraft(database.db, { inquiryId: id, adminId: "kofi" });
    // What was typed is all there; the template took the place of the mark, its placeholders filled in.
    expect(draft?.body).toBe(
      fresh.body.replace(
        "[[Your reply]]",
        "Thanks for writing.\n\nEfua at Gold Ltd: we will call. – Kofi Admin",
      ),
    );
    expect(draft?.subject).toBe(`Call about ${reference}`);

    // A second insertion (no mark left) goes before the closing; an edited subject is kept.
    const again = DraftActionSchema.parse({
      intent: "insert-template",
      id,
      subject: "My own subject",
      body: draft!.body,
      template: created.id,
    });
    expect(await applyDraftAction(database.db, again, actor)).toBe("inserted");
    const twice = await getReplyDraft(database.db, { inquiryId: id, adminId: "kofi" });
    expect(twice?.subject).toBe("My own subject");
    expect(twice?.body).toContain(
      "we will call. – Kofi Admin\n\nEfua at Gold Ltd: we will call. – Kofi Admin\n\nYour reference:",
    );

    // Another admin's draft of the same lead is theirs alone; sending the reply forgets only the sender's.
    await database.db.insert(user).values({ id: "yaa", name: "Yaa Admin", email: "yaa-t@example.test" });
    await applyDraftAction(
      database.db,
      DraftActionSchema.parse({ intent: "save-draft", id, subject: "S", body: "Yaa's words" }),
      { id: "yaa", name: "Yaa Admin" },
    );
    expect(
      await applyDeskAction(
        database.db,
        { intent: "reply", id, subject: "Re", body: "Dear Efua, done." },
        actor,
        "https://site.example.test",
      ),
    ).toBe("done");
    expect(await getReplyDraft(database.db, { inquiryId: id, adminId: "kofi" })).toBeNull();
    expect((await getReplyDraft(database.db, { inquiryId: id, adminId: "yaa" }))?.body).toBe("Yaa's words");

    // Discarding forgets it; a draft for an inquiry that is gone is refused.
    await applyDraftAction(database.db, DraftActionSchema.parse({ intent: "discard-draft", id }), {
      id: "yaa",
      name: "Yaa Admin",
    });
    expect(await database.db.select().from(replyDrafts)).toHaveLength(0);
    const missing = DraftActionSchema.parse({
      intent: "save-draft",
      id: "00000000-0000-4000-8000-000000000000",
      subject: "S",
      body: "B",
    });
    expect(await applyDraftAction(database.db, missing, actor)).toBe("not-found");
  });
});
