import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_code_redemptions_kind" AS ENUM('gift', 'bonus');
  CREATE TABLE "code_redemptions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"customer_id" integer NOT NULL,
  	"code" varchar NOT NULL,
  	"kind" "enum_code_redemptions_kind" NOT NULL,
  	"plan" varchar,
  	"days" numeric NOT NULL,
  	"subscription_id" integer,
  	"redeemed_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "subscriptions" ALTER COLUMN "order_id" DROP NOT NULL;
  ALTER TABLE "subscriptions" ADD COLUMN "gift_code_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "code_redemptions_id" integer;
  ALTER TABLE "code_redemptions" ADD CONSTRAINT "code_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "code_redemptions" ADD CONSTRAINT "code_redemptions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "code_redemptions_customer_idx" ON "code_redemptions" USING btree ("customer_id");
  CREATE INDEX "code_redemptions_subscription_idx" ON "code_redemptions" USING btree ("subscription_id");
  CREATE INDEX "code_redemptions_updated_at_idx" ON "code_redemptions" USING btree ("updated_at");
  CREATE INDEX "code_redemptions_created_at_idx" ON "code_redemptions" USING btree ("created_at");
  CREATE UNIQUE INDEX "customer_code_idx" ON "code_redemptions" USING btree ("customer_id","code");
  ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_gift_code_id_gift_codes_id_fk" FOREIGN KEY ("gift_code_id") REFERENCES "public"."gift_codes"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_code_redemptions_fk" FOREIGN KEY ("code_redemptions_id") REFERENCES "public"."code_redemptions"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "subscriptions_gift_code_idx" ON "subscriptions" USING btree ("gift_code_id");
  CREATE INDEX "payload_locked_documents_rels_code_redemptions_id_idx" ON "payload_locked_documents_rels" USING btree ("code_redemptions_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "code_redemptions" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "code_redemptions" CASCADE;
  ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_gift_code_id_gift_codes_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_code_redemptions_fk";
  
  DROP INDEX "subscriptions_gift_code_idx";
  DROP INDEX "payload_locked_documents_rels_code_redemptions_id_idx";
  ALTER TABLE "subscriptions" ALTER COLUMN "order_id" SET NOT NULL;
  ALTER TABLE "subscriptions" DROP COLUMN "gift_code_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "code_redemptions_id";
  DROP TYPE "public"."enum_code_redemptions_kind";`)
}
