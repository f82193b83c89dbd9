import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "human_check_solutions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"nonce" varchar NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "human_check_solutions_id" integer;
  CREATE UNIQUE INDEX "human_check_solutions_nonce_idx" ON "human_check_solutions" USING btree ("nonce");
  CREATE INDEX "human_check_solutions_expires_at_idx" ON "human_check_solutions" USING btree ("expires_at");
  CREATE INDEX "human_check_solutions_updated_at_idx" ON "human_check_solutions" USING btree ("updated_at");
  CREATE INDEX "human_check_solutions_created_at_idx" ON "human_check_solutions" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_human_check_solutions_fk" FOREIGN KEY ("human_check_solutions_id") REFERENCES "public"."human_check_solutions"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_human_check_solutions_id_idx" ON "payload_locked_documents_rels" USING btree ("human_check_solutions_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "human_check_solutions" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "human_check_solutions" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_human_check_solutions_fk";
  
  DROP INDEX "payload_locked_documents_rels_human_check_solutions_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "human_check_solutions_id";`)
}
