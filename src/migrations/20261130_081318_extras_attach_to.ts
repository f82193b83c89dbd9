import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" ADD COLUMN "attach_to_id" integer;
  ALTER TABLE "orders" ADD COLUMN "attached_at" timestamp(3) with time zone;
  ALTER TABLE "orders" ADD COLUMN "not_attached" boolean DEFAULT false;
  ALTER TABLE "orders" ADD CONSTRAINT "orders_attach_to_id_subscriptions_id_fk" FOREIGN KEY ("attach_to_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "orders_attach_to_idx" ON "orders" USING btree ("attach_to_id");
  CREATE INDEX "orders_not_attached_idx" ON "orders" USING btree ("not_attached");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" DROP CONSTRAINT "orders_attach_to_id_subscriptions_id_fk";
  
  DROP INDEX "orders_attach_to_idx";
  DROP INDEX "orders_not_attached_idx";
  ALTER TABLE "orders" DROP COLUMN "attach_to_id";
  ALTER TABLE "orders" DROP COLUMN "attached_at";
  ALTER TABLE "orders" DROP COLUMN "not_attached";`)
}
