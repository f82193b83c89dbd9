import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "price_plans" ADD COLUMN "stripe_price_id" varchar;
  ALTER TABLE "price_plans" ADD COLUMN "stripe_product_id" varchar;
  ALTER TABLE "add_ons" ADD COLUMN "stripe_price_id" varchar;
  ALTER TABLE "add_ons" ADD COLUMN "stripe_product_id" varchar;
  ALTER TABLE "orders" ADD COLUMN "provider_customer" varchar;
  ALTER TABLE "payment_attempts" ADD COLUMN "period_end" timestamp(3) with time zone;
  ALTER TABLE "customers" ADD COLUMN "stripe_customer_id" varchar;
  CREATE INDEX "customers_stripe_customer_id_idx" ON "customers" USING btree ("stripe_customer_id");`)
  await endUnbilledStripeRenewals(db)
}

/**
 * Stripe card subscriptions bought as one-off PaymentIntents, before Stripe Billing: no Stripe
 * subscription renews them and their card belongs to no Stripe customer, so they end with their
 * period (the plan-ending notice tells the customer) instead of announcing a charge that cannot happen.
 */
export async function endUnbilledStripeRenewals(db: Pick<MigrateUpArgs['db'], 'execute'>): Promise<void> {
  await db.execute(sql`
   UPDATE "subscriptions" SET "auto_renew" = false, "version" = "version" + 1, "updated_at" = now()
    WHERE "provider" = 'stripe' AND "auto_renew" AND coalesce("provider_ref", '') NOT LIKE 'stripe:sub!_%' ESCAPE '!';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "customers_stripe_customer_id_idx";
  ALTER TABLE "price_plans" DROP COLUMN "stripe_price_id";
  ALTER TABLE "price_plans" DROP COLUMN "stripe_product_id";
  ALTER TABLE "add_ons" DROP COLUMN "stripe_price_id";
  ALTER TABLE "add_ons" DROP COLUMN "stripe_product_id";
  ALTER TABLE "orders" DROP COLUMN "provider_customer";
  ALTER TABLE "payment_attempts" DROP COLUMN "period_end";
  ALTER TABLE "customers" DROP COLUMN "stripe_customer_id";`)
}
