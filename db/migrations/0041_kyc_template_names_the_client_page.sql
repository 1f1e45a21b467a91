-- Documents now travel through the client page the KYC request links to: the seeded KYC
-- template's sentence about them changes wherever it still stands, edited template or not;
-- the rest of the team's text stays.
UPDATE "reply_templates"
SET "body" = replace(
  "body",
  $$Please do not send identity or other due diligence documents until our team asks for them: we will tell you then which ones we need and how to send them. Please do not send them on WhatsApp.$$,
  $$Please do not send identity or other due diligence documents until our team asks for them: we will then send you a private link to your own page, where you upload each one; it keeps them encrypted and checks them for viruses. Please do not send them by email or on WhatsApp.$$
)
WHERE "id" = '5eed7e31-0000-4000-8000-000000000001';
