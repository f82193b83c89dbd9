import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" ADD COLUMN "disputed" boolean DEFAULT false;
  ALTER TABLE "orders" ADD COLUMN "disputed_at" timestamp(3) with time zone;
  ALTER TABLE "orders" ADD COLUMN "dispute_ref" varchar;
  CREATE INDEX "orders_disputed_idx" ON "orders" USING btree ("disputed");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "orders_disputed_idx";
  ALTER TABLE "orders" DROP COLUMN "disputed";
  ALTER TABLE "orders" DROP COLUMN "disputed_at";
  ALTER TABLE "orders" DROP COLUMN "dispute_ref";`)
}
