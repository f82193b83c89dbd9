import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "sandbox_clock" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"offset_ms" numeric DEFAULT 0 NOT NULL,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  `)
  // The one row the clock's compare-and-set moves (src/services/payments/sandbox/clock.ts): real time.
  await db.execute(sql`INSERT INTO "sandbox_clock" ("offset_ms", "updated_at", "created_at") VALUES (0, now(), now());`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "sandbox_clock" CASCADE;`)
}
