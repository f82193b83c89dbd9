import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_code_redemptions_kind" ADD VALUE 'referral';
  DROP INDEX "customer_code_idx";
  ALTER TABLE "orders" ADD COLUMN "referral_rewarded_at" timestamp(3) with time zone;
  ALTER TABLE "code_redemptions" ADD COLUMN "order_id" integer;
  ALTER TABLE "code_redemptions" ADD CONSTRAINT "code_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "code_redemptions_order_idx" ON "code_redemptions" USING btree ("order_id");
  -- Written by hand (Payload's index config has no WHERE): a gift or bonus code once per customer,
  -- a referral reward once per customer, code and friend's order.
  CREATE UNIQUE INDEX "code_redemptions_customer_code_once_idx" ON "code_redemptions" USING btree ("customer_id","code") WHERE "order_id" IS NULL;
  CREATE UNIQUE INDEX "code_redemptions_customer_code_order_idx" ON "code_redemptions" USING btree ("customer_id","code","order_id") WHERE "order_id" IS NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "code_redemptions_customer_code_once_idx";
  DROP INDEX "code_redemptions_customer_code_order_idx";
  DELETE FROM "code_redemptions" WHERE "kind" = 'referral';
  ALTER TABLE "code_redemptions" DROP CONSTRAINT "code_redemptions_order_id_orders_id_fk";
  
  ALTER TABLE "code_redemptions" ALTER COLUMN "kind" SET DATA TYPE text;
  DROP TYPE "public"."enum_code_redemptions_kind";
  CREATE TYPE "public"."enum_code_redemptions_kind" AS ENUM('gift', 'bonus');
  ALTER TABLE "code_redemptions" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_code_redemptions_kind" USING "kind"::"public"."enum_code_redemptions_kind";
  DROP INDEX "code_redemptions_order_idx";
  CREATE UNIQUE INDEX "customer_code_idx" ON "code_redemptions" USING btree ("customer_id","code");
  ALTER TABLE "orders" DROP COLUMN "referral_rewarded_at";
  ALTER TABLE "code_redemptions" DROP COLUMN "order_id";`)
}
