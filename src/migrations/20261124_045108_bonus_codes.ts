import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_bonus_codes_effect" AS ENUM('percent', 'fixed', 'days');
  CREATE TABLE "bonus_codes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"effect" "enum_bonus_codes_effect" DEFAULT 'percent' NOT NULL,
  	"value" numeric NOT NULL,
  	"valid_from" timestamp(3) with time zone,
  	"valid_to" timestamp(3) with time zone,
  	"max_redemptions" numeric,
  	"redemptions" numeric DEFAULT 0,
  	"new_customers_only" boolean DEFAULT false,
  	"owner_id" integer,
  	"active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "bonus_codes_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"price_plans_id" integer
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "bonus_codes_id" integer;
  ALTER TABLE "bonus_codes" ADD CONSTRAINT "bonus_codes_owner_id_customers_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "bonus_codes_rels" ADD CONSTRAINT "bonus_codes_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."bonus_codes"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "bonus_codes_rels" ADD CONSTRAINT "bonus_codes_rels_price_plans_fk" FOREIGN KEY ("price_plans_id") REFERENCES "public"."price_plans"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "bonus_codes_code_idx" ON "bonus_codes" USING btree ("code");
  CREATE INDEX "bonus_codes_owner_idx" ON "bonus_codes" USING btree ("owner_id");
  CREATE INDEX "bonus_codes_active_idx" ON "bonus_codes" USING btree ("active");
  CREATE INDEX "bonus_codes_updated_at_idx" ON "bonus_codes" USING btree ("updated_at");
  CREATE INDEX "bonus_codes_created_at_idx" ON "bonus_codes" USING btree ("created_at");
  CREATE INDEX "bonus_codes_rels_order_idx" ON "bonus_codes_rels" USING btree ("order");
  CREATE INDEX "bonus_codes_rels_parent_idx" ON "bonus_codes_rels" USING btree ("parent_id");
  CREATE INDEX "bonus_codes_rels_path_idx" ON "bonus_codes_rels" USING btree ("path");
  CREATE INDEX "bonus_codes_rels_price_plans_id_idx" ON "bonus_codes_rels" USING btree ("price_plans_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_bonus_codes_fk" FOREIGN KEY ("bonus_codes_id") REFERENCES "public"."bonus_codes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_bonus_codes_id_idx" ON "payload_locked_documents_rels" USING btree ("bonus_codes_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "bonus_codes" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "bonus_codes_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "bonus_codes" CASCADE;
  DROP TABLE "bonus_codes_rels" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_bonus_codes_fk";
  
  DROP INDEX "payload_locked_documents_rels_bonus_codes_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "bonus_codes_id";
  DROP TYPE "public"."enum_bonus_codes_effect";`)
}
