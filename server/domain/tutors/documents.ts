// Reading a tutor's document: only the tutor who owns it and staff whose status opens the tutors area
// may. Anybody else learns nothing about it: another tutor gets not_found, a client forbidden,
// anonymous unauthorized.
import type { Db } from '../../../db/client'
import type { Identity } from '../auth/sessions'
import type { FileStorage } from '../../integrations/storage/storage'
import { staffMayAccess } from '../../../common/staff-areas'
import { DomainError, forbidden, notFound } from '../../../common/errors'

export interface DocumentFile {
  name: string
  mime: string
  size: number
  body: Blob | ReadableStream<Uint8Array>
}

export async function readTutorDocument(
  db: Db,
  { identity, id }: { identity: Identity | null; id: number },
  storage: FileStorage,
): Promise<DocumentFile> {
  if (!identity) throw new DomainError('unauthorized')
  const staffMay = !!identity.staff && staffMayAccess(identity.staff.status, 'tutors')
  if (!staffMay && !identity.tutor) throw forbidden()
  const doc = await db
    .selectFrom('tutor_documents')
    .select(['tutor_id', 'storage_key', 'original_name', 'mime'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!doc || (!staffMay && doc.tutor_id !== identity.tutor?.id)) throw notFound()
  const file = await storage.get(doc.storage_key)
  if (!file) throw notFound()
  return { name: doc.original_name, mime: doc.mime, size: file.size, body: file.body() }
}

/** A tutor's documents as staff review them beside the public view (admin.tutors.profile.preview). */
export async function tutorDocumentList(db: Pick<Db, 'selectFrom'>, tutorId: number) {
  const rows = await db
    .selectFrom('tutor_documents')
    .select(['id', 'description', 'original_name', 'mime'])
    .where('tutor_id', '=', tutorId)
    .orderBy('id')
    .execute()
  return rows.map((d) => ({
    id: d.id,
    name: d.original_name,
    description: d.description,
    mime: d.mime,
    url: `/tutor/profile/document?id=${d.id}`,
  }))
}
