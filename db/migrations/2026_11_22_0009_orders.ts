// Orders: the lesson request a client leaves and the deal a tutor takes from it
// (docs/product.md#3-entities-and-their-fields, docs/product.md#4-states-and-transitions; docs/domain.md), the fee
// table, the tutors an order is offered to, the order's own audit trail, on-site notifications (tutor, staff, client)
// and the order chat's messages. Status values and the actions that move between them live in common/order-status.ts.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // The fee a tutor owes for a won client, per edition and price band (rate_id null: the edition's
  // default when the order has no band). Copied onto the order when a tutor is appointed.
  await db.schema
    .createTable('order_fees')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('rate_id', 'integer', (c) => c.references('rates.id'))
    .addColumn('fee_minor', 'integer', (c) => c.notNull().check(sql`fee_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index order_fees_key on order_fees (edition, coalesce(rate_id, 0))`.execute(db)

  await db.schema
    .createTable('orders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    // personal: to a chosen tutor; general: staff route it; school, short, test_landing: the request forms of
    // docs/api.md#client-lesson-requests.
    .addColumn('kind', 'text', (c) =>
      c.notNull().defaultTo('general').check(sql`kind in ('personal', 'general', 'school', 'short', 'test_landing')`),
    )
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    // The status an order returns to when a pause or a loss is undone (unpause, set_lost_off).
    .addColumn('previous_status', 'smallint')
    .addColumn('client_id', 'integer', (c) => c.references('clients.id'))
    // The client's contact as given on the request (the person's own may change later).
    .addColumn('client_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_email', 'text')
    .addColumn('client_phone', 'text')
    .addColumn('lesson_id', 'integer', (c) => c.references('lessons.id'))
    .addColumn('level_id', 'integer', (c) => c.references('levels.id'))
    .addColumn('city_id', 'integer', (c) => c.references('cities.id'))
    .addColumn('district_id', 'integer', (c) => c.references('districts.id'))
    .addColumn('subdistrict_id', 'integer', (c) => c.references('subdistricts.id'))
    // Where lessons may take place (form_location): at the tutor's (home), the tutor travels to the
    // client (travel, address in client_place), online.
    .addColumn('location_home', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('location_travel', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('location_online', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('client_place', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // Added later by the client (personal_request_add_info) or by staff.
    .addColumn('info', 'text', (c) => c.notNull().defaultTo(''))
    // Lessons per week and minutes per lesson; 0 = not said (docs/product.md#5-validation-rules request shaping).
    .addColumn('class_regularity', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('class_duration', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('first_class', 'timestamptz')
    .addColumn('rate_id', 'integer', (c) => c.references('rates.id'))
    // The tutor's fee for this order, copied from order_fees on appointment (integer minor units).
    .addColumn('fee_minor', 'integer')
    .addColumn('fee_currency', 'text')
    .addColumn('date_payment_deadline', 'timestamptz')
    // The tutor a personal request was made to; the tutor appointed to the order.
    .addColumn('personal_tutor_id', 'integer', (c) => c.references('tutors.id'))
    .addColumn('tutor_id', 'integer', (c) => c.references('tutors.id'))
    .addColumn('appointed_at', 'timestamptz')
    // {amount (minor units), currency, method, date, ...}: how the fee was paid.
    .addColumn('payment_data', 'jsonb')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('remove_reasons', 'text')
    .addColumn('date_pause_off', 'timestamptz')
    .addColumn('favorite', 'boolean', (c) => c.notNull().defaultTo(false))
    // Offer the order automatically to its potential tutors only (set_auto_appoint_potential_tutors).
    .addColumn('auto_appoint_potential', 'boolean', (c) => c.notNull().defaultTo(false))
    // The review of a paid order (also a row in reviews, review_id); review_status as reviews.status
    // (0 new, 1 published, 2 hidden). no_review: staff marked that no review will come.
    .addColumn('review_mark', 'smallint', (c) => c.check(sql`review_mark between 1 and 5`))
    .addColumn('review_text', 'text')
    .addColumn('review_response_text', 'text')
    .addColumn('review_status', 'smallint')
    .addColumn('review_id', 'integer', (c) => c.references('reviews.id'))
    .addColumn('review_requested_at', 'timestamptz')
    .addColumn('no_review', 'boolean', (c) => c.notNull().defaultTo(false))
    // Hand-off to the school site and to the product's other site: null, 'new', 'processing'.
    .addColumn('school_state', 'text', (c) => c.check(sql`school_state in ('new', 'processing')`))
    .addColumn('school_order_id', 'text')
    .addColumn('other_site_state', 'text', (c) => c.check(sql`other_site_state in ('new', 'processing')`))
    // Analytics: where the request came from (utm source, page type) and the form's request_origin.
    .addColumn('source', 'text')
    .addColumn('request_origin', 'text')
    .addColumn('created_by_kind', 'text', (c) => c.notNull().defaultTo('system'))
    .addColumn('created_by_id', 'integer')
    .addColumn('copied_from_order_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute()
  // Staff list and status counts; tutor's and client's lists; pause sweep.
  await sql`create index orders_staff_idx on orders (edition, status, created_at desc, id desc) where deleted_at is null`.execute(
    db,
  )
  await sql`create index orders_created_idx on orders (edition, created_at desc, id desc) where deleted_at is null`.execute(
    db,
  )
  await db.schema.createIndex('orders_tutor_idx').on('orders').columns(['tutor_id', 'status', 'id']).execute()
  await db.schema.createIndex('orders_personal_tutor_idx').on('orders').columns(['personal_tutor_id', 'id']).execute()
  await db.schema.createIndex('orders_client_idx').on('orders').columns(['client_id', 'status', 'id']).execute()
  await sql`create index orders_pause_idx on orders (date_pause_off) where status = 6 and deleted_at is null`.execute(
    db,
  )

  // The tutors an order concerns: the personal tutor, potential tutors it is offered to, the
  // appointed one, and removed ones (kept for the record). id is the spec's response_id.
  await db.schema
    .createTable('order_tutors')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('personal', 'potential', 'appointed', 'removed')`))
    // null: no answer yet; responded: the tutor wants the order; refused: with refused_reason.
    .addColumn('response', 'text', (c) => c.check(sql`response in ('responded', 'refused')`))
    .addColumn('responded_at', 'timestamptz')
    .addColumn('refused_reason', 'text')
    // Staff's yellow mark on a tutor of this order (tutor_mark_yellow).
    .addColumn('yellow', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('remove_reasons', 'text')
    .addColumn('removed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('order_tutors_key', ['order_id', 'tutor_id'])
    .execute()
  await db.schema
    .createIndex('order_tutors_tutor_idx')
    .on('order_tutors')
    .columns(['tutor_id', 'role', 'order_id'])
    .execute()

  // The order's own audit: one row per action (status change or not), in the action's transaction.
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('actor_kind', 'text', (c) =>
      c.notNull().check(sql`actor_kind in ('staff', 'tutor', 'client', 'system')`),
    )
    .addColumn('actor_id', 'integer')
    .addColumn('on_behalf_of_staff_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'smallint')
    .addColumn('to_status', 'smallint')
    .addColumn('data', 'jsonb')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute()

  // On-site notifications (docs/product.md#3-entities-and-their-fields). recipient_id null with kind staff: every staff
  // member sees it until one marks it read. response_id: the order_tutors row it is about.
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('recipient_kind', 'text', (c) => c.notNull().check(sql`recipient_kind in ('tutor', 'staff', 'client')`))
    .addColumn('recipient_id', 'integer')
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .check(sql`type in ('personal_orders', 'potential_orders', 'assigned', 'waiting_for_pay', 'deadline_pay_date', 'overdue_pay_date',
        'client_notifications', 'admin_notifications', 'client_terms_declined_orders', 'client_deleted_orders', 'new_chat_from_client',
        'income_calls', 'timer_notifications')`),
    )
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('response_id', 'integer')
    .addColumn('data', 'jsonb')
    .addColumn('read_at', 'timestamptz')
    .addColumn('read_by_staff_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index notifications_unread_idx on notifications (recipient_kind, recipient_id, type, id) where read_at is null`.execute(
    db,
  )
  await db.schema.createIndex('notifications_order_idx').on('notifications').columns(['order_id', 'type']).execute()

  // Order chat (websocket /websocket/ and the staff chat calls). msg_service: 0 chat, 1 viber,
  // 2 sms, 3 whatsapp. sender/recipient kinds as the spec's roles (client, tutor, admin).
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('sender', 'text', (c) => c.notNull().check(sql`sender in ('client', 'tutor', 'admin', 'system')`))
    .addColumn('sender_id', 'integer')
    .addColumn('recipient', 'text', (c) => c.notNull().check(sql`recipient in ('client', 'tutor', 'admin')`))
    .addColumn('recipient_id', 'integer')
    .addColumn('msg_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('auto_msg', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('msg_service', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`msg_service between 0 and 3`))
    // An attached file (send_service_message media): {url, name, type, size}.
    .addColumn('media', 'jsonb')
    .addColumn('read_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('chat_messages_order_idx').on('chat_messages').columns(['order_id', 'id']).execute()
  await sql`create index chat_messages_unread_idx on chat_messages (recipient, recipient_id, order_id) where read_at is null and deleted_at is null`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['chat_messages', 'notifications', 'order_events', 'order_tutors', 'orders', 'order_fees'])
    await db.schema.dropTable(table).execute()
}
