// On-site notifications (docs/product.md#3-entities-and-their-fields): written in the transaction of the change they
// report. A staff notification without recipient_id is for every staff member until one marks it read.
import { jsonb } from '../../../db/jsonb'
import type { Executor } from '../shared/audit'

export const TUTOR_NOTIFICATION_TYPES = [
  'personal_orders',
  'potential_orders',
  'assigned',
  'waiting_for_pay',
  'deadline_pay_date',
  'overdue_pay_date',
  'client_notifications',
  'admin_notifications',
] as const
export const STAFF_NOTIFICATION_TYPES = [
  'personal_orders',
  'potential_orders',
  'client_terms_declined_orders',
  'client_deleted_orders',
  'new_chat_from_client',
  'income_calls',
  'timer_notifications',
] as const
export type TutorNotificationType = (typeof TUTOR_NOTIFICATION_TYPES)[number]
export type StaffNotificationType = (typeof STAFF_NOTIFICATION_TYPES)[number]

export type NewNotification =
  | { recipient_kind: 'tutor'; recipient_id: number; type: TutorNotificationType }
  | { recipient_kind: 'staff'; recipient_id: number | null; type: StaffNotificationType }
  | { recipient_kind: 'client'; recipient_id: number; type: string }

export async function notify(
  db: Executor,
  n: NewNotification & { order_id?: number | null; response_id?: number | null; data?: Record<string, unknown> },
) {
  await db
    .insertInto('notifications')
    .values({
      recipient_kind: n.recipient_kind,
      recipient_id: n.recipient_id,
      type: n.type,
      order_id: n.order_id ?? null,
      response_id: n.response_id ?? null,
      data: n.data === undefined ? null : jsonb(n.data),
    })
    .execute()
}
