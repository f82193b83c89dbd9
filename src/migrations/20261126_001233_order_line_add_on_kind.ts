import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_orders_lines_add_on_kind" AS ENUM('device-slots', 'personal-server', 'static-ip');
  ALTER TABLE "orders_lines" ADD COLUMN "add_on_kind" "enum_orders_lines_add_on_kind";`)
  // Lines of orders placed before: their add-on's kind from the catalogue, by purchase id.
  await db.execute(sql`
   UPDATE "orders_lines" SET "add_on_kind" = "add_ons"."kind"::text::"enum_orders_lines_add_on_kind"
     FROM "add_ons" WHERE "orders_lines"."kind" = 'add-on' AND "add_ons"."purchase_id" = "orders_lines"."purchase_id";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders_lines" DROP COLUMN "add_on_kind";
  DROP TYPE "public"."enum_orders_lines_add_on_kind";`)
}
