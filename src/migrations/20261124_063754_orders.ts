import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_orders_lines_kind" AS ENUM('plan', 'add-on');
  CREATE TYPE "public"."enum_orders_status" AS ENUM('pending', 'processing', 'requires_action', 'awaiting_provider', 'paid', 'failed', 'expired', 'canceled', 'refunded');
  CREATE TYPE "public"."enum_orders_method" AS ENUM('card', 'paypal', 'amazon-pay', 'apple-pay', 'google-pay', 'bitcoin', 'coinpayments', 'paymentwall');
  CREATE TYPE "public"."enum_payment_attempts_kind" AS ENUM('charge', 'renewal', 'refund');
  CREATE TYPE "public"."enum_payment_attempts_status" AS ENUM('processing', 'requires_action', 'succeeded', 'failed', 'canceled');
  CREATE TABLE "orders_lines" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"purchase_id" varchar NOT NULL,
  	"kind" "enum_orders_lines_kind" NOT NULL,
  	"amount" numeric NOT NULL,
  	"renewal_amount" numeric,
  	"region" varchar
  );
  
  CREATE TABLE "orders" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"public_hash" varchar NOT NULL,
  	"status" "enum_orders_status" DEFAULT 'pending' NOT NULL,
  	"version" numeric DEFAULT 0 NOT NULL,
  	"currency" varchar DEFAULT 'USD' NOT NULL,
  	"subtotal" numeric NOT NULL,
  	"discount" numeric DEFAULT 0 NOT NULL,
  	"total" numeric NOT NULL,
  	"quote" jsonb,
  	"plan" varchar NOT NULL,
  	"bonus_code" varchar,
  	"method" "enum_orders_method" NOT NULL,
  	"provider" varchar NOT NULL,
  	"auto_renew" boolean DEFAULT false,
  	"customer_id" integer,
  	"email" varchar NOT NULL,
  	"receive_marketing_emails" boolean DEFAULT true,
  	"country" varchar NOT NULL,
  	"locale" varchar NOT NULL,
  	"experiments" jsonb,
  	"idempotency_key" varchar NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"paid_at" timestamp(3) with time zone,
  	"failure_code" varchar,
  	"failure_provider_code" varchar,
  	"failure_message" varchar,
  	"failure_retryable" boolean,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payment_attempts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order_id" integer NOT NULL,
  	"number" numeric NOT NULL,
  	"provider" varchar NOT NULL,
  	"provider_ref" varchar NOT NULL,
  	"kind" "enum_payment_attempts_kind" DEFAULT 'charge' NOT NULL,
  	"status" "enum_payment_attempts_status" NOT NULL,
  	"amount" numeric NOT NULL,
  	"next_action" varchar,
  	"error_code" varchar,
  	"brand" varchar,
  	"last4" varchar,
  	"token_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "idempotency_keys" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"scoped_key" varchar NOT NULL,
  	"request_hash" varchar NOT NULL,
  	"status" numeric,
  	"response" jsonb,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "orders_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "payment_attempts_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "idempotency_keys_id" integer;
  ALTER TABLE "orders_lines" ADD CONSTRAINT "orders_lines_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "orders_lines_order_idx" ON "orders_lines" USING btree ("_order");
  CREATE INDEX "orders_lines_parent_id_idx" ON "orders_lines" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "orders_public_hash_idx" ON "orders" USING btree ("public_hash");
  CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");
  CREATE INDEX "orders_plan_idx" ON "orders" USING btree ("plan");
  CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");
  CREATE INDEX "orders_email_idx" ON "orders" USING btree ("email");
  CREATE UNIQUE INDEX "orders_idempotency_key_idx" ON "orders" USING btree ("idempotency_key");
  CREATE INDEX "orders_updated_at_idx" ON "orders" USING btree ("updated_at");
  CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");
  CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id");
  CREATE UNIQUE INDEX "payment_attempts_provider_ref_idx" ON "payment_attempts" USING btree ("provider_ref");
  CREATE INDEX "payment_attempts_token_hash_idx" ON "payment_attempts" USING btree ("token_hash");
  CREATE INDEX "payment_attempts_updated_at_idx" ON "payment_attempts" USING btree ("updated_at");
  CREATE INDEX "payment_attempts_created_at_idx" ON "payment_attempts" USING btree ("created_at");
  CREATE UNIQUE INDEX "idempotency_keys_scoped_key_idx" ON "idempotency_keys" USING btree ("scoped_key");
  CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys" USING btree ("expires_at");
  CREATE INDEX "idempotency_keys_updated_at_idx" ON "idempotency_keys" USING btree ("updated_at");
  CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_orders_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_payment_attempts_fk" FOREIGN KEY ("payment_attempts_id") REFERENCES "public"."payment_attempts"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_idempotency_keys_fk" FOREIGN KEY ("idempotency_keys_id") REFERENCES "public"."idempotency_keys"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_orders_id_idx" ON "payload_locked_documents_rels" USING btree ("orders_id");
  CREATE INDEX "payload_locked_documents_rels_payment_attempts_id_idx" ON "payload_locked_documents_rels" USING btree ("payment_attempts_id");
  CREATE INDEX "payload_locked_documents_rels_idempotency_keys_id_idx" ON "payload_locked_documents_rels" USING btree ("idempotency_keys_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders_lines" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "orders" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payment_attempts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "idempotency_keys" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "orders_lines" CASCADE;
  DROP TABLE "orders" CASCADE;
  DROP TABLE "payment_attempts" CASCADE;
  DROP TABLE "idempotency_keys" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_orders_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_payment_attempts_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_idempotency_keys_fk";
  
  DROP INDEX "payload_locked_documents_rels_orders_id_idx";
  DROP INDEX "payload_locked_documents_rels_payment_attempts_id_idx";
  DROP INDEX "payload_locked_documents_rels_idempotency_keys_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "orders_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "payment_attempts_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "idempotency_keys_id";
  DROP TYPE "public"."enum_orders_lines_kind";
  DROP TYPE "public"."enum_orders_status";
  DROP TYPE "public"."enum_orders_method";
  DROP TYPE "public"."enum_payment_attempts_kind";
  DROP TYPE "public"."enum_payment_attempts_status";`)
}
