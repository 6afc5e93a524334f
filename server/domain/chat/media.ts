// Reading a chat message's image: only the order's parties who see that message, and staff of the
// orders area. Others learn nothing: anonymous unauthorized, everybody else not_found.
import type { Scope } from '../shared/scope'
import type { Identity } from '../auth/sessions'
import type { FileStorage } from '../../integrations/storage/storage'
import { DomainError, notFound } from '../../../common/errors'
import { staffMayAccess } from '../../../common/staff-areas'
import { chatOrder, visibleTo } from './parties'

/** `identity` is the caller's whole sign-in: a staff member beside a client or tutor role may read as either. */
export async function readChatMedia(
  { db, edition: ed }: Pick<Scope, 'db' | 'edition'>,
  { identity, id: messageId }: { identity: Identity | null; id: number },
  io: { storage: FileStorage },
) {
  const { storage } = io
  const edition = ed.code
  if (!identity) throw new DomainError('unauthorized')
  const row = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where('id', '=', messageId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  const media = row?.media as { key: string; name: string; type: string } | null | undefined
  if (!row || !media) throw notFound()
  const order = await chatOrder(db, row.order_id, edition)
  if (!order) throw notFound()
  const staffMay = !!identity.staff && staffMayAccess(identity.staff.status, 'orders')
  const clientMay =
    !!identity.client && order.client_id === identity.client.id && visibleTo(row, 'client', identity.client.id)
  const tutorMay = !!identity.tutor && visibleTo(row, 'tutor', identity.tutor.id)
  if (!staffMay && !clientMay && !tutorMay) throw notFound()
  const file = await storage.get(media.key)
  if (!file) throw notFound()
  return { name: media.name, mime: media.type, size: file.size, body: file.body() }
}
