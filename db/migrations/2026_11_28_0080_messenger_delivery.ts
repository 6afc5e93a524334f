// Service messages through Viber (Infobip) and WhatsApp (Twilio) go through the outbox like e-mail and
// SMS (docs/operations.md#messages-sms-viber-whatsapp): two more channels, the provider's own id and
// status of each delivery, and the chat message that caused it points at its outbox row.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table outbox drop constraint outbox_channel_check`.execute(db)
  await sql`alter table outbox add constraint outbox_channel_check
    check (channel in ('email', 'sms', 'viber', 'whatsapp'))`.execute(db)
  await db.schema
    .alterTable('outbox')
    .addColumn('provider_message_id', 'text')
    .addColumn('provider_status', 'text')
    .execute()
  await db.schema
    .alterTable('chat_messages')
    .addColumn('outbox_id', 'integer', (c) => c.references('outbox.id').onDelete('set null'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('outbox_id').execute()
  await db.schema.alterTable('outbox').dropColumn('provider_message_id').dropColumn('provider_status').execute()
  await sql`delete from outbox where channel in ('viber', 'whatsapp')`.execute(db)
  await sql`alter table outbox drop constraint outbox_channel_check`.execute(db)
  await sql`alter table outbox add constraint outbox_channel_check check (channel in ('email', 'sms'))`.execute(db)
}
