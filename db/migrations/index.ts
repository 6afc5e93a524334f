// A static index of migrations, so a bundled server keeps them. Append; never edit a landed one.
import type { Migration } from 'kysely/migration'
import * as m0001 from './2026_11_22_0001_foundation'
import * as m0002 from './2026_11_22_0002_settings'
import * as m0003 from './2026_11_22_0003_auth_codes'
import * as m0004 from './2026_11_22_0004_catalogue'
import * as m0005 from './2026_11_22_0005_tutor_files'
import * as m0006 from './2026_11_22_0006_people_admin'
import * as m0007 from './2026_11_22_0007_account_settings'
import * as m0008 from './2026_11_22_0008_oauth'
import * as m0009 from './2026_11_22_0009_orders'
import * as m0010 from './2026_11_23_0010_slot_versions'
import * as m0012 from './2026_11_24_0012_tutor_prices'
import * as m0013 from './2026_11_24_0013_auth_attempt_pairs'
import * as m0014 from './2026_11_24_0014_edition_regions'
import * as m0020 from './2026_11_25_0020_payments'
import * as m0022 from './2026_11_25_0022_payments_by_order'
import * as m0023 from './2026_11_25_0023_billing'
import * as m0024 from './2026_11_25_0024_static_pages'
import * as m0031 from './2026_11_25_0031_site_review_confirm'
import * as m0032 from './2026_11_25_0032_jsonb_repair'
import * as m0033 from './2026_11_25_0033_news'
import * as m0035 from './2026_11_25_0035_chat_delivery'
import * as m0034 from './2026_11_25_0034_blogs_ads'
import * as m0036 from './2026_11_25_0036_videos_vacancies'
import * as m0040 from './2026_11_25_0040_web_vitals'
import * as m0037 from './2026_11_25_0037_message_templates'
import * as m0039 from './2026_11_26_0039_examination_tests'
import * as m0038 from './2026_11_25_0038_jobs'
import * as m0041 from './2026_11_26_0041_school_transfer'
import * as m0042 from './2026_11_26_0042_telephony'
import * as m0043 from './2026_11_26_0043_site_blocks'
import * as m0044 from './2026_11_26_0044_tracking'
import * as m0047 from './2026_11_26_0047_outbox_profile'
import * as m0049 from './2026_11_26_0049_chat_bell_index'
import * as m0050 from './2026_11_26_0050_chat_send_windows'
import * as m0058 from './2026_11_28_0058_onboarding'
import * as m0048 from './2026_11_26_0048_order_staff'
import * as m0051 from './2026_11_28_0051_order_fees_identity'
import * as m0065 from './2026_11_28_0065_payment_refunds'
import * as m0080 from './2026_11_28_0080_messenger_delivery'
import * as m0090 from './2026_11_28_0090_staff_avatar'

export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_foundation': m0001,
  '2026_11_22_0002_settings': m0002,
  '2026_11_22_0003_auth_codes': m0003,
  '2026_11_22_0004_catalogue': m0004,
  '2026_11_22_0005_tutor_files': m0005,
  '2026_11_22_0006_people_admin': m0006,
  '2026_11_22_0007_account_settings': m0007,
  '2026_11_22_0008_oauth': m0008,
  '2026_11_22_0009_orders': m0009,
  '2026_11_23_0010_slot_versions': m0010,
  '2026_11_24_0012_tutor_prices': m0012,
  '2026_11_24_0013_auth_attempt_pairs': m0013,
  '2026_11_24_0014_edition_regions': m0014,
  '2026_11_25_0020_payments': m0020,
  '2026_11_25_0022_payments_by_order': m0022,
  '2026_11_25_0023_billing': m0023,
  '2026_11_25_0024_static_pages': m0024,
  '2026_11_25_0031_site_review_confirm': m0031,
  '2026_11_25_0032_jsonb_repair': m0032,
  '2026_11_25_0033_news': m0033,
  '2026_11_25_0035_chat_delivery': m0035,
  '2026_11_25_0034_blogs_ads': m0034,
  '2026_11_25_0036_videos_vacancies': m0036,
  '2026_11_25_0040_web_vitals': m0040,
  '2026_11_25_0037_message_templates': m0037,
  '2026_11_26_0039_examination_tests': m0039,
  '2026_11_25_0038_jobs': m0038,
  '2026_11_26_0041_school_transfer': m0041,
  '2026_11_26_0042_telephony': m0042,
  '2026_11_26_0043_site_blocks': m0043,
  '2026_11_26_0044_tracking': m0044,
  '2026_11_26_0047_outbox_profile': m0047,
  '2026_11_26_0049_chat_bell_index': m0049,
  '2026_11_26_0050_chat_send_windows': m0050,
  '2026_11_26_0048_order_staff': m0048,
  '2026_11_28_0051_order_fees_identity': m0051,
  '2026_11_28_0065_payment_refunds': m0065,
  '2026_11_28_0058_onboarding': m0058,
  '2026_11_28_0080_messenger_delivery': m0080,
  '2026_11_28_0090_staff_avatar': m0090,
}
