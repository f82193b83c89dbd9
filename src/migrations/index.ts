import * as migration_20261122_004825_initial from './20261122_004825_initial';
import * as migration_20261124_031855_email_outbox from './20261124_031855_email_outbox';
import * as migration_20261124_034415_customers from './20261124_034415_customers';
import * as migration_20261124_042000_rate_limits from './20261124_042000_rate_limits';
import * as migration_20261124_044015_plan_fields from './20261124_044015_plan_fields';
import * as migration_20261124_045108_bonus_codes from './20261124_045108_bonus_codes';
import * as migration_20261124_051807_catalog_add_ons from './20261124_051807_catalog_add_ons';
import * as migration_20261124_060836_picker_global from './20261124_060836_picker_global';
import * as migration_20261124_061750_experiments from './20261124_061750_experiments';
import * as migration_20261124_063754_orders from './20261124_063754_orders';
import * as migration_20261124_070428_attempt_auth_outcome from './20261124_070428_attempt_auth_outcome';
import * as migration_20261124_082145_webhooks_subscriptions from './20261124_082145_webhooks_subscriptions';
import * as migration_20261124_084003_order_emails_queued from './20261124_084003_order_emails_queued';
import * as migration_20261124_124813_human_check_solutions from './20261124_124813_human_check_solutions';
import * as migration_20261124_151153_devices from './20261124_151153_devices';
import * as migration_20261124_173230_code_redemptions from './20261124_173230_code_redemptions';
import * as migration_20261124_182629_email_change from './20261124_182629_email_change';
import * as migration_20261124_184218_account_deletion from './20261124_184218_account_deletion';
import * as migration_20261124_185954_renewal_cancel from './20261124_185954_renewal_cancel';
import * as migration_20261124_201604_password_reset from './20261124_201604_password_reset';
import * as migration_20261124_203425_bonus_counted from './20261124_203425_bonus_counted';
import * as migration_20261124_205102_fast_login from './20261124_205102_fast_login';
import * as migration_20261125_234527_subscription_version from './20261125_234527_subscription_version';
import * as migration_20261125_235604_maintenance_schedules from './20261125_235604_maintenance_schedules';
import * as migration_20261126_001233_order_line_add_on_kind from './20261126_001233_order_line_add_on_kind';
import * as migration_20261126_084744_sandbox_clock from './20261126_084744_sandbox_clock';
import * as migration_20261126_095003_renewals from './20261126_095003_renewals';
import * as migration_20261126_095444_renewal_task from './20261126_095444_renewal_task';
import * as migration_20261126_104725_newsletter_subscribers from './20261126_104725_newsletter_subscribers';
import * as migration_20261126_110713_subscriber_export from './20261126_110713_subscriber_export';
import * as migration_20261126_131924_banners from './20261126_131924_banners';
import * as migration_20261126_152333_app_releases from './20261126_152333_app_releases';
import * as migration_20261126_155743_enquiries from './20261126_155743_enquiries';
import * as migration_20261126_161650_connection_results_task from './20261126_161650_connection_results_task';
import * as migration_20261126_162000_connection_test_results from './20261126_162000_connection_test_results';
import * as migration_20261126_164343_connection_test_settings from './20261126_164343_connection_test_settings';
import * as migration_20261126_190312_subscription_notices from './20261126_190312_subscription_notices';
import * as migration_20261129_003655_amazon_approval from './20261129_003655_amazon_approval';
import * as migration_20261129_034759_stripe_billing from './20261129_034759_stripe_billing';
import * as migration_20261129_062123_refunds from './20261129_062123_refunds';
import * as migration_20261129_065310_referral_rewards from './20261129_065310_referral_rewards';
import * as migration_20261129_093702_disputes from './20261129_093702_disputes';
import * as migration_20261129_133705_s3_storage from './20261129_133705_s3_storage';
import * as migration_20261129_215645_reconcile_orders from './20261129_215645_reconcile_orders';
import * as migration_20261129_215700_sandbox_ledger from './20261129_215700_sandbox_ledger';
import * as migration_20261130_081318_extras_attach_to from './20261130_081318_extras_attach_to';
import * as migration_20261130_111418_no_email_accounts from './20261130_111418_no_email_accounts';
import * as migration_20261130_143044_crypto_invoices from './20261130_143044_crypto_invoices';
import * as migration_20261130_204200_connection_shares from './20261130_204200_connection_shares';

export const migrations = [
  {
    up: migration_20261122_004825_initial.up,
    down: migration_20261122_004825_initial.down,
    name: '20261122_004825_initial',
  },
  {
    up: migration_20261124_031855_email_outbox.up,
    down: migration_20261124_031855_email_outbox.down,
    name: '20261124_031855_email_outbox',
  },
  {
    up: migration_20261124_034415_customers.up,
    down: migration_20261124_034415_customers.down,
    name: '20261124_034415_customers',
  },
  {
    up: migration_20261124_042000_rate_limits.up,
    down: migration_20261124_042000_rate_limits.down,
    name: '20261124_042000_rate_limits',
  },
  {
    up: migration_20261124_044015_plan_fields.up,
    down: migration_20261124_044015_plan_fields.down,
    name: '20261124_044015_plan_fields',
  },
  {
    up: migration_20261124_045108_bonus_codes.up,
    down: migration_20261124_045108_bonus_codes.down,
    name: '20261124_045108_bonus_codes',
  },
  {
    up: migration_20261124_051807_catalog_add_ons.up,
    down: migration_20261124_051807_catalog_add_ons.down,
    name: '20261124_051807_catalog_add_ons',
  },
  {
    up: migration_20261124_060836_picker_global.up,
    down: migration_20261124_060836_picker_global.down,
    name: '20261124_060836_picker_global',
  },
  {
    up: migration_20261124_061750_experiments.up,
    down: migration_20261124_061750_experiments.down,
    name: '20261124_061750_experiments',
  },
  {
    up: migration_20261124_063754_orders.up,
    down: migration_20261124_063754_orders.down,
    name: '20261124_063754_orders',
  },
  {
    up: migration_20261124_070428_attempt_auth_outcome.up,
    down: migration_20261124_070428_attempt_auth_outcome.down,
    name: '20261124_070428_attempt_auth_outcome',
  },
  {
    up: migration_20261124_082145_webhooks_subscriptions.up,
    down: migration_20261124_082145_webhooks_subscriptions.down,
    name: '20261124_082145_webhooks_subscriptions',
  },
  {
    up: migration_20261124_084003_order_emails_queued.up,
    down: migration_20261124_084003_order_emails_queued.down,
    name: '20261124_084003_order_emails_queued',
  },
  {
    up: migration_20261124_124813_human_check_solutions.up,
    down: migration_20261124_124813_human_check_solutions.down,
    name: '20261124_124813_human_check_solutions',
  },
  {
    up: migration_20261124_151153_devices.up,
    down: migration_20261124_151153_devices.down,
    name: '20261124_151153_devices',
  },
  {
    up: migration_20261124_173230_code_redemptions.up,
    down: migration_20261124_173230_code_redemptions.down,
    name: '20261124_173230_code_redemptions',
  },
  {
    up: migration_20261124_182629_email_change.up,
    down: migration_20261124_182629_email_change.down,
    name: '20261124_182629_email_change',
  },
  {
    up: migration_20261124_184218_account_deletion.up,
    down: migration_20261124_184218_account_deletion.down,
    name: '20261124_184218_account_deletion',
  },
  {
    up: migration_20261124_185954_renewal_cancel.up,
    down: migration_20261124_185954_renewal_cancel.down,
    name: '20261124_185954_renewal_cancel',
  },
  {
    up: migration_20261124_201604_password_reset.up,
    down: migration_20261124_201604_password_reset.down,
    name: '20261124_201604_password_reset',
  },
  {
    up: migration_20261124_203425_bonus_counted.up,
    down: migration_20261124_203425_bonus_counted.down,
    name: '20261124_203425_bonus_counted',
  },
  {
    up: migration_20261124_205102_fast_login.up,
    down: migration_20261124_205102_fast_login.down,
    name: '20261124_205102_fast_login',
  },
  {
    up: migration_20261125_234527_subscription_version.up,
    down: migration_20261125_234527_subscription_version.down,
    name: '20261125_234527_subscription_version',
  },
  {
    up: migration_20261125_235604_maintenance_schedules.up,
    down: migration_20261125_235604_maintenance_schedules.down,
    name: '20261125_235604_maintenance_schedules',
  },
  {
    up: migration_20261126_001233_order_line_add_on_kind.up,
    down: migration_20261126_001233_order_line_add_on_kind.down,
    name: '20261126_001233_order_line_add_on_kind',
  },
  {
    up: migration_20261126_084744_sandbox_clock.up,
    down: migration_20261126_084744_sandbox_clock.down,
    name: '20261126_084744_sandbox_clock',
  },
  {
    up: migration_20261126_095003_renewals.up,
    down: migration_20261126_095003_renewals.down,
    name: '20261126_095003_renewals',
  },
  {
    up: migration_20261126_095444_renewal_task.up,
    down: migration_20261126_095444_renewal_task.down,
    name: '20261126_095444_renewal_task',
  },
  {
    up: migration_20261126_104725_newsletter_subscribers.up,
    down: migration_20261126_104725_newsletter_subscribers.down,
    name: '20261126_104725_newsletter_subscribers',
  },
  {
    up: migration_20261126_110713_subscriber_export.up,
    down: migration_20261126_110713_subscriber_export.down,
    name: '20261126_110713_subscriber_export',
  },
  {
    up: migration_20261126_131924_banners.up,
    down: migration_20261126_131924_banners.down,
    name: '20261126_131924_banners',
  },
  {
    up: migration_20261126_152333_app_releases.up,
    down: migration_20261126_152333_app_releases.down,
    name: '20261126_152333_app_releases',
  },
  {
    up: migration_20261126_155743_enquiries.up,
    down: migration_20261126_155743_enquiries.down,
    name: '20261126_155743_enquiries',
  },
  {
    up: migration_20261126_161650_connection_results_task.up,
    down: migration_20261126_161650_connection_results_task.down,
    name: '20261126_161650_connection_results_task',
  },
  {
    up: migration_20261126_162000_connection_test_results.up,
    down: migration_20261126_162000_connection_test_results.down,
    name: '20261126_162000_connection_test_results',
  },
  {
    up: migration_20261126_164343_connection_test_settings.up,
    down: migration_20261126_164343_connection_test_settings.down,
    name: '20261126_164343_connection_test_settings',
  },
  {
    up: migration_20261126_190312_subscription_notices.up,
    down: migration_20261126_190312_subscription_notices.down,
    name: '20261126_190312_subscription_notices',
  },
  {
    up: migration_20261129_003655_amazon_approval.up,
    down: migration_20261129_003655_amazon_approval.down,
    name: '20261129_003655_amazon_approval',
  },
  {
    up: migration_20261129_034759_stripe_billing.up,
    down: migration_20261129_034759_stripe_billing.down,
    name: '20261129_034759_stripe_billing',
  },
  {
    up: migration_20261129_062123_refunds.up,
    down: migration_20261129_062123_refunds.down,
    name: '20261129_062123_refunds',
  },
  {
    up: migration_20261129_065310_referral_rewards.up,
    down: migration_20261129_065310_referral_rewards.down,
    name: '20261129_065310_referral_rewards',
  },
  {
    up: migration_20261129_093702_disputes.up,
    down: migration_20261129_093702_disputes.down,
    name: '20261129_093702_disputes',
  },
  {
    up: migration_20261129_133705_s3_storage.up,
    down: migration_20261129_133705_s3_storage.down,
    name: '20261129_133705_s3_storage',
  },
  {
    up: migration_20261129_215645_reconcile_orders.up,
    down: migration_20261129_215645_reconcile_orders.down,
    name: '20261129_215645_reconcile_orders',
  },
  {
    up: migration_20261129_215700_sandbox_ledger.up,
    down: migration_20261129_215700_sandbox_ledger.down,
    name: '20261129_215700_sandbox_ledger',
  },
  {
    up: migration_20261130_081318_extras_attach_to.up,
    down: migration_20261130_081318_extras_attach_to.down,
    name: '20261130_081318_extras_attach_to',
  },
  {
    up: migration_20261130_111418_no_email_accounts.up,
    down: migration_20261130_111418_no_email_accounts.down,
    name: '20261130_111418_no_email_accounts',
  },
  {
    up: migration_20261130_143044_crypto_invoices.up,
    down: migration_20261130_143044_crypto_invoices.down,
    name: '20261130_143044_crypto_invoices',
  },
  {
    up: migration_20261130_204200_connection_shares.up,
    down: migration_20261130_204200_connection_shares.down,
    name: '20261130_204200_connection_shares',
  },
];
