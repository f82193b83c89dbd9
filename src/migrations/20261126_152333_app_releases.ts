import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_app_releases_product" AS ENUM('vpn', 'passwarden', 'firewall');
  CREATE TYPE "public"."enum_app_releases_platform" AS ENUM('windows', 'mac', 'linux', 'ios', 'android', 'chrome', 'firefox', 'opera', 'edge', 'apple-tv', 'android-tv', 'fire-tv', 'windows-phone');
  CREATE TABLE "app_files" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric
  );
  
  CREATE TABLE "app_releases" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"product" "enum_app_releases_product" NOT NULL,
  	"platform" "enum_app_releases_platform" NOT NULL,
  	"version" varchar NOT NULL,
  	"release_date" timestamp(3) with time zone NOT NULL,
  	"current" boolean DEFAULT true,
  	"file_id" integer,
  	"external_url" varchar,
  	"sha256" varchar,
  	"file_size" numeric,
  	"min_os" varchar,
  	"store_url" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "app_releases_locales" (
  	"changelog" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "app_files_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "app_releases_id" integer;
  ALTER TABLE "app_releases" ADD CONSTRAINT "app_releases_file_id_app_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."app_files"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "app_releases_locales" ADD CONSTRAINT "app_releases_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."app_releases"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "app_files_updated_at_idx" ON "app_files" USING btree ("updated_at");
  CREATE INDEX "app_files_created_at_idx" ON "app_files" USING btree ("created_at");
  CREATE UNIQUE INDEX "app_files_filename_idx" ON "app_files" USING btree ("filename");
  CREATE INDEX "app_releases_product_idx" ON "app_releases" USING btree ("product");
  CREATE INDEX "app_releases_current_idx" ON "app_releases" USING btree ("current");
  CREATE INDEX "app_releases_file_idx" ON "app_releases" USING btree ("file_id");
  CREATE INDEX "app_releases_updated_at_idx" ON "app_releases" USING btree ("updated_at");
  CREATE INDEX "app_releases_created_at_idx" ON "app_releases" USING btree ("created_at");
  CREATE UNIQUE INDEX "app_releases_locales_locale_parent_id_unique" ON "app_releases_locales" USING btree ("_locale","_parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_app_files_fk" FOREIGN KEY ("app_files_id") REFERENCES "public"."app_files"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_app_releases_fk" FOREIGN KEY ("app_releases_id") REFERENCES "public"."app_releases"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_app_files_id_idx" ON "payload_locked_documents_rels" USING btree ("app_files_id");
  CREATE INDEX "payload_locked_documents_rels_app_releases_id_idx" ON "payload_locked_documents_rels" USING btree ("app_releases_id");`)
  // One current release per product and platform, held by the database as well as by the hook.
  await db.execute(sql`CREATE UNIQUE INDEX "app_releases_one_current" ON "app_releases" ("product", "platform") WHERE "current";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "app_files" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "app_releases" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "app_releases_locales" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "app_files" CASCADE;
  DROP TABLE "app_releases" CASCADE;
  DROP TABLE "app_releases_locales" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_app_files_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_app_releases_fk";
  
  DROP INDEX "payload_locked_documents_rels_app_files_id_idx";
  DROP INDEX "payload_locked_documents_rels_app_releases_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "app_files_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "app_releases_id";
  DROP TYPE "public"."enum_app_releases_product";
  DROP TYPE "public"."enum_app_releases_platform";`)
}
