import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_customer_tokens_purpose" ADD VALUE 'fast-login';
  ALTER TYPE "public"."enum_customer_tokens_purpose" ADD VALUE 'autologin';
  ALTER TABLE "customer_tokens" ADD COLUMN "code_hash" varchar;
  ALTER TABLE "customer_tokens" ADD COLUMN "attempts" numeric DEFAULT 0;
  ALTER TABLE "customer_tokens" ADD COLUMN "timezone" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "customer_tokens" ALTER COLUMN "purpose" SET DATA TYPE text;
  DROP TYPE "public"."enum_customer_tokens_purpose";
  CREATE TYPE "public"."enum_customer_tokens_purpose" AS ENUM('confirm', 'email-change', 'password-reset');
  ALTER TABLE "customer_tokens" ALTER COLUMN "purpose" SET DATA TYPE "public"."enum_customer_tokens_purpose" USING "purpose"::"public"."enum_customer_tokens_purpose";
  ALTER TABLE "customer_tokens" DROP COLUMN "code_hash";
  ALTER TABLE "customer_tokens" DROP COLUMN "attempts";
  ALTER TABLE "customer_tokens" DROP COLUMN "timezone";`)
}
