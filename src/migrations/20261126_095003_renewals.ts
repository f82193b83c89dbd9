import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" ADD COLUMN "renews_id" integer;
  ALTER TABLE "orders" ADD COLUMN "period" numeric;
  ALTER TABLE "orders" ADD COLUMN "renewal_failed_at" timestamp(3) with time zone;
  ALTER TABLE "orders" ADD COLUMN "next_retry_at" timestamp(3) with time zone;
  ALTER TABLE "payment_attempts" ADD COLUMN "saved_method" varchar;
  ALTER TABLE "subscriptions" ADD COLUMN "period" numeric DEFAULT 1;
  ALTER TABLE "subscriptions" ADD COLUMN "saved_method" varchar;
  ALTER TABLE "orders" ADD CONSTRAINT "orders_renews_id_subscriptions_id_fk" FOREIGN KEY ("renews_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "orders_renews_idx" ON "orders" USING btree ("renews_id");
  CREATE INDEX "orders_next_retry_at_idx" ON "orders" USING btree ("next_retry_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" DROP CONSTRAINT "orders_renews_id_subscriptions_id_fk";
  
  DROP INDEX "orders_renews_idx";
  DROP INDEX "orders_next_retry_at_idx";
  ALTER TABLE "orders" DROP COLUMN "renews_id";
  ALTER TABLE "orders" DROP COLUMN "period";
  ALTER TABLE "orders" DROP COLUMN "renewal_failed_at";
  ALTER TABLE "orders" DROP COLUMN "next_retry_at";
  ALTER TABLE "payment_attempts" DROP COLUMN "saved_method";
  ALTER TABLE "subscriptions" DROP COLUMN "period";
  ALTER TABLE "subscriptions" DROP COLUMN "saved_method";`)
}
