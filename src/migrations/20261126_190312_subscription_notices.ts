import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "subscriptions" ADD COLUMN "notices_renewal_reminder_for" timestamp(3) with time zone;
  ALTER TABLE "subscriptions" ADD COLUMN "notices_trial_ending_for" timestamp(3) with time zone;
  ALTER TABLE "subscriptions" ADD COLUMN "notices_plan_ending_for" timestamp(3) with time zone;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "subscriptions" DROP COLUMN "notices_renewal_reminder_for";
  ALTER TABLE "subscriptions" DROP COLUMN "notices_trial_ending_for";
  ALTER TABLE "subscriptions" DROP COLUMN "notices_plan_ending_for";`)
}
