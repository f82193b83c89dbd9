import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_price_plans_methods" AS ENUM('card', 'paypal', 'amazon-pay', 'apple-pay', 'google-pay', 'bitcoin', 'coinpayments', 'paymentwall');
  CREATE TYPE "public"."enum_price_plans_tier" AS ENUM('standard', 'mono-defense', 'secure-duo');
  CREATE TYPE "public"."enum_price_plans_audience" AS ENUM('personal', 'family', 'team');
  CREATE TABLE "price_plans_methods" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_price_plans_methods",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  ALTER TABLE "price_plans" ADD COLUMN "tier" "enum_price_plans_tier" DEFAULT 'standard';
  ALTER TABLE "price_plans" ADD COLUMN "audience" "enum_price_plans_audience" DEFAULT 'personal';
  ALTER TABLE "price_plans" ADD COLUMN "members" numeric DEFAULT 1;
  ALTER TABLE "price_plans" ADD COLUMN "devices" numeric DEFAULT 10;
  ALTER TABLE "price_plans" ADD COLUMN "renewal_cost" numeric;
  ALTER TABLE "price_plans" ADD COLUMN "first_period_months" numeric;
  ALTER TABLE "price_plans" ADD COLUMN "trial_days" numeric;
  ALTER TABLE "price_plans" ADD COLUMN "rolls_into_id" integer;
  ALTER TABLE "price_plans" ADD COLUMN "active" boolean DEFAULT true;
  ALTER TABLE "price_plans_methods" ADD CONSTRAINT "price_plans_methods_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."price_plans"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "price_plans_methods_order_idx" ON "price_plans_methods" USING btree ("order");
  CREATE INDEX "price_plans_methods_parent_idx" ON "price_plans_methods" USING btree ("parent_id");
  ALTER TABLE "price_plans" ADD CONSTRAINT "price_plans_rolls_into_id_price_plans_id_fk" FOREIGN KEY ("rolls_into_id") REFERENCES "public"."price_plans"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "price_plans_rolls_into_idx" ON "price_plans" USING btree ("rolls_into_id");
  CREATE INDEX "price_plans_active_idx" ON "price_plans" USING btree ("active");`)
  // The new fields of the plans seeded before them (new columns, so no editor's choice is overwritten).
  await db.execute(sql`
  UPDATE "price_plans" SET "trial_days" = 7 WHERE "purchase_id" = 'vpn-trial-7d' AND "trial_days" IS NULL;
  INSERT INTO "price_plans_methods" ("order", "parent_id", "value")
    SELECT m.ord, p.id, m.value::"enum_price_plans_methods" FROM "price_plans" p
      CROSS JOIN (VALUES (1, 'card'), (2, 'paypal')) AS m(ord, value)
     WHERE p."purchase_id" = 'vpn-trial-7d';
  UPDATE "price_plans" SET "audience" = 'family', "members" = 5 WHERE "purchase_id" LIKE 'family-%';
  UPDATE "price_plans" SET "audience" = 'team', "members" = 5 WHERE "purchase_id" = 'team-5-lifetime';
  UPDATE "price_plans" SET "audience" = 'team', "members" = 10 WHERE "purchase_id" = 'team-10-lifetime';
  UPDATE "price_plans" SET "audience" = 'team', "members" = 20 WHERE "purchase_id" = 'team-20-lifetime';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "price_plans_methods" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "price_plans_methods" CASCADE;
  ALTER TABLE "price_plans" DROP CONSTRAINT "price_plans_rolls_into_id_price_plans_id_fk";
  
  DROP INDEX "price_plans_rolls_into_idx";
  DROP INDEX "price_plans_active_idx";
  ALTER TABLE "price_plans" DROP COLUMN "tier";
  ALTER TABLE "price_plans" DROP COLUMN "audience";
  ALTER TABLE "price_plans" DROP COLUMN "members";
  ALTER TABLE "price_plans" DROP COLUMN "devices";
  ALTER TABLE "price_plans" DROP COLUMN "renewal_cost";
  ALTER TABLE "price_plans" DROP COLUMN "first_period_months";
  ALTER TABLE "price_plans" DROP COLUMN "trial_days";
  ALTER TABLE "price_plans" DROP COLUMN "rolls_into_id";
  ALTER TABLE "price_plans" DROP COLUMN "active";
  DROP TYPE "public"."enum_price_plans_methods";
  DROP TYPE "public"."enum_price_plans_tier";
  DROP TYPE "public"."enum_price_plans_audience";`)
}
