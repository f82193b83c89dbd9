import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'refreshBanners' BEFORE 'purgeDeletedAccounts';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'refreshBanners' BEFORE 'purgeDeletedAccounts';
  CREATE TABLE "banners" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"rewards_enabled" boolean DEFAULT true,
  	"rewards_from" varchar NOT NULL,
  	"rewards_to" varchar NOT NULL,
  	"rewards_link_path" varchar NOT NULL,
  	"rewards_mini_enabled" boolean DEFAULT true,
  	"rewards_mini_from" varchar NOT NULL,
  	"rewards_mini_to" varchar NOT NULL,
  	"rewards_mini_link_path" varchar NOT NULL,
  	"coin_enabled" boolean DEFAULT true,
  	"coin_from" varchar NOT NULL,
  	"coin_to" varchar NOT NULL,
  	"coin_link_path" varchar NOT NULL,
  	"coin_mini_enabled" boolean DEFAULT true,
  	"coin_mini_from" varchar NOT NULL,
  	"coin_mini_to" varchar NOT NULL,
  	"coin_mini_link_path" varchar NOT NULL,
  	"active_key" varchar,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "banners_locales" (
  	"rewards_text" varchar NOT NULL,
  	"rewards_link_label" varchar NOT NULL,
  	"rewards_mini_text" varchar NOT NULL,
  	"rewards_mini_link_label" varchar NOT NULL,
  	"coin_text" varchar NOT NULL,
  	"coin_link_label" varchar NOT NULL,
  	"coin_mini_text" varchar NOT NULL,
  	"coin_mini_link_label" varchar NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  ALTER TABLE "banners_locales" ADD CONSTRAINT "banners_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "banners_locales_locale_parent_id_unique" ON "banners_locales" USING btree ("_locale","_parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "banners" CASCADE;
  DROP TABLE "banners_locales" CASCADE;
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'deliverWebhook', 'cancelRenewals', 'expireOrders', 'finishFulfilment', 'dropIdempotencyKeys', 'purgeDeletedAccounts', 'forgetHumanCheckSolutions', 'dropCustomerTokens', 'renewSubscriptions', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'deliverWebhook', 'cancelRenewals', 'expireOrders', 'finishFulfilment', 'dropIdempotencyKeys', 'purgeDeletedAccounts', 'forgetHumanCheckSolutions', 'dropCustomerTokens', 'renewSubscriptions', 'createCollectionExport', 'createCollectionImport', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";`)
}
