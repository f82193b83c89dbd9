import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/** Shared connection-test results (src/services/connection-test/shares.ts), kept 24 hours, and the task that removes them. */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE IF NOT EXISTS "connection_test_shares" (
    "id" varchar(32) PRIMARY KEY,
    "result" jsonb NOT NULL,
    "created_at" timestamp(3) with time zone NOT NULL,
    "expires_at" timestamp(3) with time zone NOT NULL
  );
  CREATE INDEX IF NOT EXISTS "connection_test_shares_expires_at_idx" ON "connection_test_shares" USING btree ("expires_at");`)
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'expireConnectionShares' BEFORE 'createCollectionExport';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'expireConnectionShares' BEFORE 'createCollectionExport';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "connection_test_shares";`)
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'deliverWebhook', 'cancelRenewals', 'expireOrders', 'finishFulfilment', 'reconcileOrders', 'dropIdempotencyKeys', 'refreshBanners', 'purgeDeletedAccounts', 'forgetHumanCheckSolutions', 'dropCustomerTokens', 'renewSubscriptions', 'expireConnectionResults', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'deliverWebhook', 'cancelRenewals', 'expireOrders', 'finishFulfilment', 'reconcileOrders', 'dropIdempotencyKeys', 'refreshBanners', 'purgeDeletedAccounts', 'forgetHumanCheckSolutions', 'dropCustomerTokens', 'renewSubscriptions', 'expireConnectionResults', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";`)
}
