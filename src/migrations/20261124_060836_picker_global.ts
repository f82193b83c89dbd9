import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_picker_views_view" AS ENUM('pickup-b', 'pickup-c', 'pickup-d', 'pickup-e');
  CREATE TYPE "public"."enum_picker_views_card_variant" AS ENUM('per-month', 'total');
  CREATE TABLE "picker_views" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"view" "enum_picker_views_view" NOT NULL,
  	"card_variant" "enum_picker_views_card_variant" DEFAULT 'per-month' NOT NULL,
  	"default_plan_id" integer
  );
  
  CREATE TABLE "picker_views_locales" (
  	"intro" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" varchar NOT NULL
  );
  
  CREATE TABLE "picker" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "picker_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"price_plans_id" integer
  );
  
  ALTER TABLE "picker_views" ADD CONSTRAINT "picker_views_default_plan_id_price_plans_id_fk" FOREIGN KEY ("default_plan_id") REFERENCES "public"."price_plans"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "picker_views" ADD CONSTRAINT "picker_views_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."picker"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "picker_views_locales" ADD CONSTRAINT "picker_views_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."picker_views"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "picker_rels" ADD CONSTRAINT "picker_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."picker"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "picker_rels" ADD CONSTRAINT "picker_rels_price_plans_fk" FOREIGN KEY ("price_plans_id") REFERENCES "public"."price_plans"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "picker_views_order_idx" ON "picker_views" USING btree ("_order");
  CREATE INDEX "picker_views_parent_id_idx" ON "picker_views" USING btree ("_parent_id");
  CREATE INDEX "picker_views_default_plan_idx" ON "picker_views" USING btree ("default_plan_id");
  CREATE UNIQUE INDEX "picker_views_locales_locale_parent_id_unique" ON "picker_views_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "picker_rels_order_idx" ON "picker_rels" USING btree ("order");
  CREATE INDEX "picker_rels_parent_idx" ON "picker_rels" USING btree ("parent_id");
  CREATE INDEX "picker_rels_path_idx" ON "picker_rels" USING btree ("path");
  CREATE INDEX "picker_rels_price_plans_id_idx" ON "picker_rels" USING btree ("price_plans_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "picker_views" CASCADE;
  DROP TABLE "picker_views_locales" CASCADE;
  DROP TABLE "picker" CASCADE;
  DROP TABLE "picker_rels" CASCADE;
  DROP TYPE "public"."enum_picker_views_view";
  DROP TYPE "public"."enum_picker_views_card_variant";`)
}
