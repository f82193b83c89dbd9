import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp(3) with time zone;
  ALTER TABLE "orders" ADD COLUMN "refund_amount" numeric;
  ALTER TABLE "orders" ADD COLUMN "refund_started_at" timestamp(3) with time zone;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" DROP COLUMN "refunded_at";
  ALTER TABLE "orders" DROP COLUMN "refund_amount";
  ALTER TABLE "orders" DROP COLUMN "refund_started_at";`)
}
