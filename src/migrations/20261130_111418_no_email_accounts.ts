import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" ALTER COLUMN "email" DROP NOT NULL;
  ALTER TABLE "customers" ALTER COLUMN "email" DROP NOT NULL;
  ALTER TABLE "customers" ADD COLUMN "username" varchar;
  ALTER TABLE "picker_views" ADD COLUMN "email_optional" boolean DEFAULT false;
  CREATE UNIQUE INDEX "customers_username_idx" ON "customers" USING btree ("username");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "customers_username_idx";
  ALTER TABLE "orders" ALTER COLUMN "email" SET NOT NULL;
  ALTER TABLE "customers" ALTER COLUMN "email" SET NOT NULL;
  ALTER TABLE "customers" DROP COLUMN "username";
  ALTER TABLE "picker_views" DROP COLUMN "email_optional";`)
}
