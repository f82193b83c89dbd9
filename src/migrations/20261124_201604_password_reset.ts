import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_customer_tokens_purpose" ADD VALUE 'password-reset';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "customer_tokens" ALTER COLUMN "purpose" SET DATA TYPE text;
  DROP TYPE "public"."enum_customer_tokens_purpose";
  CREATE TYPE "public"."enum_customer_tokens_purpose" AS ENUM('confirm', 'email-change');
  ALTER TABLE "customer_tokens" ALTER COLUMN "purpose" SET DATA TYPE "public"."enum_customer_tokens_purpose" USING "purpose"::"public"."enum_customer_tokens_purpose";`)
}
