import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The sandbox processor's ledger (src/services/payments/sandbox/ledger.ts): not a collection, the
// processor's own table. Charges made before it existed are copied from the attempts that
// recorded them, so a payment under way during the upgrade is still known to the processor.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE IF NOT EXISTS "sandbox_ledger" (
    "ref" varchar PRIMARY KEY NOT NULL,
    "key" varchar NOT NULL,
    "status" varchar NOT NULL,
    "error_code" varchar,
    "answer" jsonb NOT NULL,
    "approval_expires_at" timestamp(3) with time zone,
    "next_action" varchar,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS "sandbox_ledger_key_idx" ON "sandbox_ledger" USING btree ("key");`)
  await copyAttemptsToLedger(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "sandbox_ledger";`)
}

/** The sandbox charges the attempts recorded, copied into the ledger (those it has already are kept). */
export async function copyAttemptsToLedger(db: Pick<MigrateUpArgs['db'], 'execute'>): Promise<void> {
  await db.execute(sql`
  INSERT INTO "sandbox_ledger" ("ref", "key", "status", "error_code", "answer", "approval_expires_at", "next_action", "created_at", "updated_at")
    SELECT substring(a."provider_ref" from 9), 'order:' || a."order_id" || ':attempt:' || a."number", a."status"::text, a."error_code",
      jsonb_strip_nulls(jsonb_build_object(
        'status', a."status"::text,
        'providerRef', substring(a."provider_ref" from 9),
        'card', CASE WHEN a."brand" IS NOT NULL AND a."last4" IS NOT NULL THEN jsonb_build_object('brand', a."brand", 'last4', a."last4") END,
        'savedMethod', a."saved_method",
        'authOutcome', a."auth_outcome",
        'nextAction', CASE WHEN a."next_action" IS NOT NULL THEN jsonb_build_object('type', 'redirect', 'url', a."next_action") END
      )),
      a."approval_expires_at", a."next_action", a."created_at", a."updated_at"
    FROM "payment_attempts" a
    WHERE a."provider" = 'sandbox' AND a."provider_ref" ~ '^sandbox:sbx_[0-9]+_[0-9]+$'
    ON CONFLICT DO NOTHING;`)
}
