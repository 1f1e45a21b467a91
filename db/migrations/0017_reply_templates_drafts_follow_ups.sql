CREATE TABLE "follow_ups" (
	"inquiry_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"text" text NOT NULL,
	"owner_id" text,
	"set_by" text,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"reminded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_drafts" (
	"inquiry_id" uuid NOT NULL,
	"admin_id" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reply_drafts_inquiry_id_admin_id_pk" PRIMARY KEY("inquiry_id","admin_id")
);
--> statement-breakpoint
CREATE TABLE "reply_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "reply_templates_name_key" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_set_by_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_completed_by_user_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_templates" ADD CONSTRAINT "reply_templates_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_ups_open_due_idx" ON "follow_ups" USING btree ("due_at") WHERE "follow_ups"."completed_at" is null;--> statement-breakpoint
-- Hand-written: the templates the code shipped with (app/content/reply-templates.ts), as the team's first templates.
INSERT INTO "reply_templates" ("id", "name", "subject", "body") VALUES
  ('5eed7e31-0000-4000-8000-000000000001', 'KYC document checklist', 'Your inquiry {{reference}} – {{brand}}', 'Thank you for your interest. Before we can introduce any party or proceed with any transaction, we complete customer due diligence on everyone involved. The exact list depends on your role and the transaction, but most parties should have the following ready:

- Valid passport or national identity card for each individual, director and beneficial owner
- Proof of residential address dated within the last three months
- Certificate of incorporation and constitutional documents for each company
- Register of directors and shareholders, identifying everyone who owns or controls 25% or more
- Evidence of source of funds for buyers, such as bank statements or audited accounts
- For sellers, valid Minerals Commission or Ghana Gold Board licences and evidence of the gold’s origin
- A bank reference or confirmation of an account with a regulated bank
- Signed declarations on sanctions, PEP status and responsible sourcing, and letters of authority for representatives

Please do not send documents by reply to this email: once you confirm you wish to proceed, we will send you a secure channel for them.

Nothing proceeds until the verification of every party is complete and approved.'),
  ('5eed7e31-0000-4000-8000-000000000002', 'Equipment availability and rates', 'Your inquiry {{reference}} – {{brand}}', 'Thank you for your inquiry about our equipment.

[[Machine(s), availability and location]]

[[Rate and minimum hire period, or purchase price, and what it includes]]

These figures are an indication, not an offer: the price, deposit, delivery and insurance arrangements are set out in a written rental or sale agreement, which states who arranges insurance and what it covers. Before any agreement we complete our standard verification (KYC) of the hirer or buyer.

The rental fleet is owned by Volta Meridian Ghana Limited, our Ghana subsidiary, which is the contracting party for every equipment rental and sale. Volta Meridian Partners Ltd, the UK company, takes inquiries and introduces customers to it. US dollar figures on this website are a guide for international comparison only: Volta Meridian Ghana Limited quotes, invoices and takes payment in Ghana cedis, because Ghana’s Foreign Exchange Act, 2006 (Act 723) does not allow pricing or payment in foreign currency in Ghana without the Bank of Ghana’s permission.

If you let us know the site location and the dates you have in mind, we will confirm availability.'),
  ('5eed7e31-0000-4000-8000-000000000003', 'Licensing consultation booking', 'Your inquiry {{reference}} – {{brand}}', 'Thank you for your inquiry about licensing in Ghana. We would be glad to arrange a consultation with our licensing team to discuss the route that suits your project, the documents you will need and a realistic timeline.

Please reply with two or three times that suit you. Our office hours are Mon-Fri: 9:00-18:00 GMT, Sat: 10:00-16:00 GMT, Sunday: Closed. Our hours are GMT all year: during British Summer Time (late March to late October) that is 10:00–19:00 UK time (Mon-Fri) and 11:00–17:00 UK time (Sat).

Under the Minerals and Mining Act, 2006 (Act 703), a mineral right is granted only to a company incorporated in Ghana (small-scale mining licences only to Ghanaian citizens), by the Minister responsible for mines on the recommendation of the Minerals Commission. We help you prepare and follow the application, but we cannot guarantee its outcome, and our consultation is not legal advice.'),
  ('5eed7e31-0000-4000-8000-000000000004', 'Not something we do', 'Your inquiry {{reference}} – {{brand}}', 'Thank you for contacting us. Unfortunately, what you describe is not something we can help with.

In gold transactions Volta Meridian acts solely as an intermediary that introduces and coordinates verified parties. We are not a bullion dealer: we do not buy, sell, hold or take title to gold, and we do not hold client funds. Mining equipment is owned, rented and sold by Volta Meridian Ghana Limited, our Ghana subsidiary. Every transaction is subject to full KYC/AML verification of all parties before it proceeds. Nothing on this website is financial, investment, legal or tax advice.

We are sorry we cannot assist with this request, and we wish you well with it.')
ON CONFLICT ("name") DO NOTHING;
