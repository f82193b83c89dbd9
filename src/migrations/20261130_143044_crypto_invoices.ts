import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Crypto invoices: what the site heard of one (on its payment attempt) and what the sandbox
// processor keeps of it (its ledger, a table of its own, made by 20261129_215700_sandbox_ledger).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payment_attempts" ADD COLUMN "invoice" jsonb;
   ALTER TABLE "sandbox_ledger" ADD COLUMN IF NOT EXISTS "invoice" jsonb;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payment_attempts" DROP COLUMN "invoice";
   ALTER TABLE "sandbox_ledger" DROP COLUMN IF EXISTS "invoice";`)
}
