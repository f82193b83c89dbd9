import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/** The connection test's DNS records (scripts/lib/connection-results.mjs), shared by every process, kept 10 minutes. */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE IF NOT EXISTS "connection_test_results" (
    "id" bigserial PRIMARY KEY,
    "test_id" varchar(64) NOT NULL,
    "label" varchar(63) NOT NULL,
    "resolver_ip" varchar(45) NOT NULL,
    "qtype" varchar(16) NOT NULL,
    "ecs" varchar(64),
    "at" timestamp(3) with time zone NOT NULL,
    "expires_at" timestamp(3) with time zone NOT NULL
  );
  CREATE INDEX IF NOT EXISTS "connection_test_results_test_id_idx" ON "connection_test_results" USING btree ("test_id");
  CREATE INDEX IF NOT EXISTS "connection_test_results_expires_at_idx" ON "connection_test_results" USING btree ("expires_at");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "connection_test_results";`)
}
