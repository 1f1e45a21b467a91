CREATE TABLE "equipment_item_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" text NOT NULL,
	"field" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_items" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image" text NOT NULL,
	"image_alt" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"availability" text NOT NULL,
	"day_rate_usd" integer,
	"week_rate_usd" integer,
	"month_rate_usd" integer,
	"hours_per_day" integer,
	"minimum_hire_count" integer DEFAULT 1 NOT NULL,
	"minimum_hire_unit" text DEFAULT 'week' NOT NULL,
	"sale_price_usd" integer,
	"next_available_on" date,
	"location" text,
	"condition" text,
	"year" integer,
	"hour_meter" integer,
	"serial_number" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_items_status_check" CHECK ("equipment_items"."status" in ('draft', 'published')),
	CONSTRAINT "equipment_items_unit_check" CHECK ("equipment_items"."minimum_hire_unit" in ('day', 'week', 'month'))
);
--> statement-breakpoint
CREATE TABLE "equipment_requests" (
	"inquiry_id" uuid PRIMARY KEY NOT NULL,
	"item_id" text,
	"item_name" text NOT NULL,
	"kind" text NOT NULL,
	"start_on" date,
	"end_on" date,
	"site_location" text,
	"estimate_usd" integer
);
--> statement-breakpoint
ALTER TABLE "equipment_item_changes" ADD CONSTRAINT "equipment_item_changes_item_id_equipment_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."equipment_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_item_changes" ADD CONSTRAINT "equipment_item_changes_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_requests" ADD CONSTRAINT "equipment_requests_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_requests" ADD CONSTRAINT "equipment_requests_item_id_equipment_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."equipment_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_item_changes_item_idx" ON "equipment_item_changes" USING btree ("item_id","changed_at");--> statement-breakpoint
CREATE INDEX "equipment_items_status_position_idx" ON "equipment_items" USING btree ("status","position");--> statement-breakpoint
CREATE INDEX "equipment_requests_item_idx" ON "equipment_requests" USING btree ("item_id");--> statement-breakpoint-- Hand-written: the six machines the code shipped with (app/content/equipment.ts), published in their order.
INSERT INTO "equipment_items" ("id", "name", "category", "description", "features", "specs", "image", "image_alt", "image_width", "image_height", "availability", "day_rate_usd", "minimum_hire_count", "minimum_hire_unit", "sale_price_usd", "status", "position") VALUES
  ('cat-320-excavator', 'CAT 320 Excavator', 'excavators', 'A versatile 20-tonne class excavator suited to overburden stripping, pit development and loading trucks on small and medium-scale gold sites. Fuel-efficient and easy to service in remote locations.', '["Fuel-efficient Cat C4.4 engine","Grade assist and payload weighing","Reinforced undercarriage for laterite","Air-conditioned ROPS cab","Quick coupler for bucket changes"]'::jsonb, '[{"key":"bucketCapacity","label":"Bucket Capacity","value":"1.19 m³"},{"key":"operatingWeight","label":"Operating Weight","value":"22,500 kg"},{"key":"enginePower","label":"Engine Power","value":"121 kW (162 hp)"},{"key":"maxDigDepth","label":"Max Digging Depth","value":"6.7 m"}]'::jsonb, '/images/equipment/cat-320-excavator.svg', 'Illustration of a yellow tracked CAT 320 hydraulic excavator with its boom raised', 640, 400, 'available', 850, 1, 'week', 185000, 'published', 1),
  ('komatsu-d65px-bulldozer', 'Komatsu D65PX Bulldozer', 'bulldozers', 'A wide-track (PX) dozer built for soft, wet ground. Its low ground pressure makes it a dependable choice for land clearing, haul-road construction and tailings management during the rainy season.', '["Wide-track low ground pressure design","Hydrostatic steering system","Straight-tilt blade for bulk pushing","Multi-shank ripper option","Komatsu KOMTRAX telematics","Sealed and lubricated track links"]'::jsonb, '[{"key":"bladeCapacity","label":"Blade Capacity","value":"5.6 m³"},{"key":"operatingWeight","label":"Operating Weight","value":"23,100 kg"},{"key":"enginePower","label":"Engine Power","value":"162 kW (217 hp)"},{"key":"groundPressure","label":"Ground Pressure","value":"31 kPa"}]'::jsonb, '/images/equipment/komatsu-d65px-bulldozer.svg', 'Illustration of a yellow Komatsu D65PX crawler bulldozer with a wide front blade', 640, 400, 'available', 950, 1, 'week', 220000, 'published', 2),
  ('gold-wash-plant-150tph', 'Gold Wash Plant 150TPH', 'wash-plants', 'A complete modular processing plant for alluvial and weathered ore. Feed hopper, scrubbing, screening and recovery stages arrive pre-wired, with commissioning and operator training included in every rental.', '["Grizzly feed hopper with vibrating screen","Rotary scrubber for clay-bound gravels","Centrifugal concentrators","Lockable gold room sluice section","Water recycling circuit","On-site commissioning and training","Modular skids for truck transport"]'::jsonb, '[{"key":"capacity","label":"Capacity","value":"150 tonnes/hour"},{"key":"recovery","label":"Recovery Rate","value":"Up to 95% of free gold, depending on ore"},{"key":"powerReq","label":"Power Requirement","value":"75 kW"},{"key":"waterReq","label":"Water Requirement","value":"350–400 m³/hour"},{"key":"mobility","label":"Mobility","value":"Skid-mounted modules"}]'::jsonb, '/images/equipment/gold-wash-plant-150tph.svg', 'Illustration of a modular gold wash plant with a feed hopper, vibrating screen and sluice runs', 640, 400, 'rental-only', 2500, 1, 'month', NULL, 'published', 3),
  ('cat-336-large-excavator', 'CAT 336 Large Excavator', 'excavators', 'A 36-tonne class production excavator for high-volume pit work and loading 30-40 tonne haul trucks. Offered for outright purchase with full service history and pre-delivery inspection.', '["Cat C9.3B high-output engine","Heavy-duty rock bucket","Reinforced boom and stick","Cat Product Link telematics","Pre-delivery inspection report"]'::jsonb, '[{"key":"bucketCapacity","label":"Bucket Capacity","value":"1.88 m³"},{"key":"operatingWeight","label":"Operating Weight","value":"36,400 kg"},{"key":"enginePower","label":"Engine Power","value":"232 kW (311 hp)"},{"key":"maxDigDepth","label":"Max Digging Depth","value":"7.5 m"}]'::jsonb, '/images/equipment/cat-336-large-excavator.svg', 'Illustration of a large yellow CAT 336 tracked excavator loading with a heavy-duty rock bucket', 640, 400, 'sale-only', NULL, 1, 'week', 320000, 'published', 4),
  ('john-deere-850k-crawler-dozer', 'John Deere 850K Crawler Dozer', 'bulldozers', 'A powerful crawler dozer with dual-path hydrostatic drive for full power through turns. Ideal for stripping overburden, pushing feed to wash plants and maintaining haul roads.', '["Dual-path hydrostatic transmission","Power-angle-tilt blade","Automatic load management","Sealed and pressurised cab","JDLink remote monitoring","Ground-level service points"]'::jsonb, '[{"key":"bladeCapacity","label":"Blade Capacity","value":"5.2 m³"},{"key":"operatingWeight","label":"Operating Weight","value":"21,800 kg"},{"key":"enginePower","label":"Engine Power","value":"153 kW (205 hp)"},{"key":"transmission","label":"Transmission","value":"Dual-path hydrostatic"}]'::jsonb, '/images/equipment/john-deere-850k-crawler-dozer.svg', 'Illustration of a John Deere 850K crawler dozer with its blade lowered beside a mound of soil', 640, 400, 'available', 1200, 1, 'week', 380000, 'published', 5),
  ('portable-gold-trommel-50tph', 'Portable Gold Trommel 50TPH', 'wash-plants', 'A self-contained trommel and sluice plant on a road-towable chassis, designed for bulk sampling, pilot operations and small-scale sites that move between concessions.', '["Rotating trommel drum with spray bars","Twin sluice with expanded-metal riffles","Onboard diesel generator","Set up in under half a day","Hydraulic levelling legs"]'::jsonb, '[{"key":"capacity","label":"Capacity","value":"50 tonnes/hour"},{"key":"recovery","label":"Recovery Rate","value":"Up to 92% of free gold, depending on ore"},{"key":"powerReq","label":"Power Requirement","value":"22 kW"},{"key":"mobility","label":"Mobility","value":"Trailer-mounted, road-towable"}]'::jsonb, '/images/equipment/portable-gold-trommel-50tph.svg', 'Illustration of a trailer-mounted gold trommel with a rotating screen drum and sluice', 640, 400, 'available', 1800, 1, 'month', 450000, 'published', 6);
