import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_add_ons_kind" AS ENUM('device-slots', 'personal-server', 'static-ip');
  CREATE TYPE "public"."enum_add_ons_billing" AS ENUM('monthly', 'yearly', 'lifetime');
  CREATE TYPE "public"."enum_add_ons_traffic" AS ENUM('unlimited', '512gb', '1tb', '2tb', '3tb');
  CREATE TYPE "public"."enum_gift_codes_origin" AS ENUM('admin', 'purchase', 'promotion');
  CREATE TABLE "add_ons" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"purchase_id" varchar NOT NULL,
  	"kind" "enum_add_ons_kind" NOT NULL,
  	"billing" "enum_add_ons_billing" NOT NULL,
  	"quantity" numeric DEFAULT 1,
  	"traffic" "enum_add_ons_traffic",
  	"cost" numeric NOT NULL,
  	"renewal_cost" numeric,
  	"highlight" boolean DEFAULT false,
  	"active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "add_ons_locales" (
  	"title" varchar NOT NULL,
  	"description" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "gift_codes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar,
  	"plan_id" integer NOT NULL,
  	"valid_to" timestamp(3) with time zone,
  	"redeemed_by_id" integer,
  	"redeemed_at" timestamp(3) with time zone,
  	"origin" "enum_gift_codes_origin" DEFAULT 'admin',
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "gift_codes_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"add_ons_id" integer
  );
  
  CREATE TABLE "reviews" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"author" varchar NOT NULL,
  	"rating" numeric DEFAULT 5 NOT NULL,
  	"date" timestamp(3) with time zone NOT NULL,
  	"published" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "reviews_locales" (
  	"text" varchar NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  -- The add-ons seeded as plans move to their own collection with their purchase ids and texts.
  INSERT INTO "add_ons" ("purchase_id", "kind", "billing", "quantity", "traffic", "cost", "renewal_cost", "highlight", "active", "updated_at", "created_at")
    SELECT p."purchase_id",
      (CASE WHEN p."purchase_id" LIKE 'slots-%' THEN 'device-slots' WHEN p."purchase_id" LIKE 'server-%' THEN 'personal-server' ELSE 'static-ip' END)::"enum_add_ons_kind",
      (CASE WHEN p."period_type" = 'year' AND p."period_count" >= 100 THEN 'lifetime' WHEN p."period_type" = 'year' THEN 'yearly' ELSE 'monthly' END)::"enum_add_ons_billing",
      COALESCE(substring(p."purchase_id" from '^slots-([0-9]+)-')::numeric, 1),
      (CASE WHEN p."purchase_id" LIKE 'server-%' THEN COALESCE(substring(p."purchase_id" from '^server-(unlimited|512gb|1tb|2tb|3tb)-'), 'unlimited') END)::"enum_add_ons_traffic",
      p."cost", p."renewal_cost", p."highlight", COALESCE(p."active", true), p."updated_at", p."created_at"
    FROM "price_plans" p
    WHERE p."product" = 'addon' AND (p."purchase_id" LIKE 'slots-%' OR p."purchase_id" LIKE 'server-%' OR p."purchase_id" LIKE 'static-ip-%');
  INSERT INTO "add_ons_locales" ("title", "description", "_locale", "_parent_id")
    SELECT l."title", l."description", l."_locale", a."id"
    FROM "price_plans_locales" l JOIN "price_plans" p ON p."id" = l."_parent_id" JOIN "add_ons" a ON a."purchase_id" = p."purchase_id"
    WHERE p."product" = 'addon';
  DELETE FROM "price_plans" WHERE "product" = 'addon' AND "purchase_id" IN (SELECT "purchase_id" FROM "add_ons");
  -- Anything an editor still sold as an "addon" plan stays a plan.
  UPDATE "price_plans" SET "product" = 'vpn' WHERE "product" = 'addon';
  ALTER TABLE "price_plans" ALTER COLUMN "product" SET DATA TYPE text;
  DROP TYPE "public"."enum_price_plans_product";
  CREATE TYPE "public"."enum_price_plans_product" AS ENUM('vpn', 'pass', 'dns', 'authenticator', 'bundle');
  ALTER TABLE "price_plans" ALTER COLUMN "product" SET DATA TYPE "public"."enum_price_plans_product" USING "product"::"public"."enum_price_plans_product";
  ALTER TABLE "server_locations" ADD COLUMN "code" varchar;
  -- <country code>-<city> in lower-case ASCII for the rows that exist (de-frankfurt, br-sao-paulo).
  UPDATE "server_locations" SET "code" = lower("country_code") || '-' || trim(both '-' from regexp_replace(
    translate(lower("city"), 'áàâãäåāăąçćčďéèêëēęěíìîïīłñńňóòôõöøōőřśšşťúùûüūůűýÿźžż', 'aaaaaaaaacccdeeeeeeeiiiiilnnnoooooooorssstuuuuuuuyyzzz'),
    '[^a-z0-9]+', '-', 'g'));
  UPDATE "server_locations" s SET "code" = s."code" || '-' || s."id"
    WHERE EXISTS (SELECT 1 FROM "server_locations" o WHERE o."code" = s."code" AND o."id" < s."id");
  ALTER TABLE "server_locations" ALTER COLUMN "code" SET NOT NULL;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "add_ons_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "gift_codes_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "reviews_id" integer;
  ALTER TABLE "add_ons_locales" ADD CONSTRAINT "add_ons_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."add_ons"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_plan_id_price_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."price_plans"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_redeemed_by_id_customers_id_fk" FOREIGN KEY ("redeemed_by_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "gift_codes_rels" ADD CONSTRAINT "gift_codes_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."gift_codes"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "gift_codes_rels" ADD CONSTRAINT "gift_codes_rels_add_ons_fk" FOREIGN KEY ("add_ons_id") REFERENCES "public"."add_ons"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "reviews_locales" ADD CONSTRAINT "reviews_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "add_ons_purchase_id_idx" ON "add_ons" USING btree ("purchase_id");
  CREATE INDEX "add_ons_active_idx" ON "add_ons" USING btree ("active");
  CREATE INDEX "add_ons_updated_at_idx" ON "add_ons" USING btree ("updated_at");
  CREATE INDEX "add_ons_created_at_idx" ON "add_ons" USING btree ("created_at");
  CREATE UNIQUE INDEX "add_ons_locales_locale_parent_id_unique" ON "add_ons_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "gift_codes_code_idx" ON "gift_codes" USING btree ("code");
  CREATE INDEX "gift_codes_plan_idx" ON "gift_codes" USING btree ("plan_id");
  CREATE INDEX "gift_codes_redeemed_by_idx" ON "gift_codes" USING btree ("redeemed_by_id");
  CREATE INDEX "gift_codes_updated_at_idx" ON "gift_codes" USING btree ("updated_at");
  CREATE INDEX "gift_codes_created_at_idx" ON "gift_codes" USING btree ("created_at");
  CREATE INDEX "gift_codes_rels_order_idx" ON "gift_codes_rels" USING btree ("order");
  CREATE INDEX "gift_codes_rels_parent_idx" ON "gift_codes_rels" USING btree ("parent_id");
  CREATE INDEX "gift_codes_rels_path_idx" ON "gift_codes_rels" USING btree ("path");
  CREATE INDEX "gift_codes_rels_add_ons_id_idx" ON "gift_codes_rels" USING btree ("add_ons_id");
  CREATE INDEX "reviews_date_idx" ON "reviews" USING btree ("date");
  CREATE INDEX "reviews_published_idx" ON "reviews" USING btree ("published");
  CREATE INDEX "reviews_updated_at_idx" ON "reviews" USING btree ("updated_at");
  CREATE INDEX "reviews_created_at_idx" ON "reviews" USING btree ("created_at");
  CREATE UNIQUE INDEX "reviews_locales_locale_parent_id_unique" ON "reviews_locales" USING btree ("_locale","_parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_add_ons_fk" FOREIGN KEY ("add_ons_id") REFERENCES "public"."add_ons"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_gift_codes_fk" FOREIGN KEY ("gift_codes_id") REFERENCES "public"."gift_codes"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_reviews_fk" FOREIGN KEY ("reviews_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "server_locations_code_idx" ON "server_locations" USING btree ("code");
  CREATE INDEX "payload_locked_documents_rels_add_ons_id_idx" ON "payload_locked_documents_rels" USING btree ("add_ons_id");
  CREATE INDEX "payload_locked_documents_rels_gift_codes_id_idx" ON "payload_locked_documents_rels" USING btree ("gift_codes_id");
  CREATE INDEX "payload_locked_documents_rels_reviews_id_idx" ON "payload_locked_documents_rels" USING btree ("reviews_id");`)
}

/** Going down drops the add-ons, gift codes and reviews (the moved add-ons are not turned back into plans). */
export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_price_plans_product" ADD VALUE 'addon';
  ALTER TABLE "add_ons" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "add_ons_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "gift_codes" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "gift_codes_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "reviews" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "reviews_locales" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "add_ons" CASCADE;
  DROP TABLE "add_ons_locales" CASCADE;
  DROP TABLE "gift_codes" CASCADE;
  DROP TABLE "gift_codes_rels" CASCADE;
  DROP TABLE "reviews" CASCADE;
  DROP TABLE "reviews_locales" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_add_ons_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_gift_codes_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_reviews_fk";
  
  DROP INDEX "server_locations_code_idx";
  DROP INDEX "payload_locked_documents_rels_add_ons_id_idx";
  DROP INDEX "payload_locked_documents_rels_gift_codes_id_idx";
  DROP INDEX "payload_locked_documents_rels_reviews_id_idx";
  ALTER TABLE "server_locations" DROP COLUMN "code";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "add_ons_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "gift_codes_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "reviews_id";
  DROP TYPE "public"."enum_add_ons_kind";
  DROP TYPE "public"."enum_add_ons_billing";
  DROP TYPE "public"."enum_add_ons_traffic";
  DROP TYPE "public"."enum_gift_codes_origin";`)
}
