-- The two seeded reply templates made statements decision 072 corrected: a
-- "secure channel" for documents that the site does not offer, and the
-- client-funds statement in a second wording. The sentences change wherever
-- they still stand, edited template or not; the rest of the team's text stays.
UPDATE "reply_templates"
SET "body" = replace(
  "body",
  $$Please do not send documents by reply to this email: once you confirm you wish to proceed, we will send you a secure channel for them.$$,
  $$Please do not send identity or other due diligence documents until our team asks for them: we will tell you then which ones we need and how to send them. Please do not send them on WhatsApp.$$
)
WHERE "id" = '5eed7e31-0000-4000-8000-000000000001';--> statement-breakpoint
UPDATE "reply_templates"
SET "body" = replace(
  "body",
  $$we do not buy, sell, hold or take title to gold, and we do not hold client funds.$$,
  $$we do not buy, sell, hold or take title to gold. We do not hold client funds.$$
)
WHERE "id" = '5eed7e31-0000-4000-8000-000000000004';
