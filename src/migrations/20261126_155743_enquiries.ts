import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_enquiries_kind" AS ENUM('oem', 'config');
  CREATE TYPE "public"."enum_enquiries_locale" AS ENUM('en', 'ru', 'es', 'fr', 'de', 'ua', 'pt', 'fa', 'ar', 'jp', 'zh', 'sv', 'fi', 'no', 'ko', 'be', 'bs', 'bg', 'hr', 'cs', 'da', 'nl', 'et', 'el', 'is', 'lv', 'lt', 'pl', 'ro', 'sr', 'sk', 'sl');
  CREATE TYPE "public"."enum_enquiries_platform" AS ENUM('windows', 'mac', 'linux', 'ios', 'android', 'chrome', 'firefox', 'opera', 'edge', 'apple-tv', 'android-tv', 'fire-tv', 'windows-phone');
  CREATE TYPE "public"."enum_enquiries_protocol" AS ENUM('wireguard', 'openvpn', 'ikev2');
  CREATE TABLE "enquiries" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"kind" "enum_enquiries_kind" NOT NULL,
  	"email" varchar NOT NULL,
  	"locale" "enum_enquiries_locale" NOT NULL,
  	"name" varchar,
  	"company" varchar,
  	"website" varchar,
  	"seats" numeric,
  	"message" varchar,
  	"platform" "enum_enquiries_platform",
  	"protocol" "enum_enquiries_protocol",
  	"country_code" varchar,
  	"handled" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "enquiries_id" integer;
  CREATE INDEX "enquiries_kind_idx" ON "enquiries" USING btree ("kind");
  CREATE INDEX "enquiries_email_idx" ON "enquiries" USING btree ("email");
  CREATE INDEX "enquiries_updated_at_idx" ON "enquiries" USING btree ("updated_at");
  CREATE INDEX "enquiries_created_at_idx" ON "enquiries" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_enquiries_fk" FOREIGN KEY ("enquiries_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_enquiries_id_idx" ON "payload_locked_documents_rels" USING btree ("enquiries_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "enquiries" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "enquiries" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_enquiries_fk";
  
  DROP INDEX "payload_locked_documents_rels_enquiries_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "enquiries_id";
  DROP TYPE "public"."enum_enquiries_kind";
  DROP TYPE "public"."enum_enquiries_locale";
  DROP TYPE "public"."enum_enquiries_platform";
  DROP TYPE "public"."enum_enquiries_protocol";`)
}
