// GET /tutor/privacy/download_files: everything the site keeps about the tutor, as one ZIP:
//   data.json        the profile (as the editor reads it), account settings, privacy choices,
//                    reviews received, wallet entries, and the tutor's own actions from the audit log
//   documents/…      each uploaded document, `<id>-<original name>`
// Built in memory with fflate (documents are capped at 20 × 10 MB per tutor); audited.
import { zipSync } from 'fflate'
import type { FileStorage } from '../../integrations/storage/storage'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { getTutorProfile } from '../tutors/profile'
import { getTutorPrivacy } from './tutor-privacy'
import type { TutorRef } from './tutor-ref'
import { getTutorSettings } from './tutor-settings'

/** A file name safe inside a ZIP: no directories, no control characters. */
function safeName(name: string): string {
  return (
    name
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this replaces
      .replace(/[\\/\x00-\x1f\x7f]/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, 150) || 'document'
  )
}

export async function tutorDataZip(scope: Scope, me: TutorRef, io: { storage: FileStorage }) {
  const { db, locale, edition, actor, now } = scope
  const { storage } = io
  const [profile, settings, privacy, reviews, wallet, activity, documents] = await Promise.all([
    getTutorProfile({ db, locale, edition }, { tutor_id: me.tutorId }),
    getTutorSettings(db, me),
    getTutorPrivacy(db, me),
    db
      .selectFrom('reviews')
      .select(['id', 'order_id', 'mark', 'text', 'response_text', 'created_at'])
      .where('tutor_id', '=', me.tutorId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('wallet_entries')
      .select(['id', 'amount_minor', 'currency', 'kind', 'reference', 'created_at'])
      .where('tutor_id', '=', me.tutorId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('audit_log')
      .select(['action', 'created_at'])
      .where('actor_kind', '=', 'tutor')
      .where('actor_id', '=', me.tutorId)
      .orderBy('id', 'desc')
      .limit(1000)
      .execute(),
    db
      .selectFrom('tutor_documents')
      .select(['id', 'original_name', 'description', 'mime', 'size', 'storage_key', 'created_at'])
      .where('tutor_id', '=', me.tutorId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute(),
  ])
  const files: Record<string, Uint8Array> = {}
  const documentList = []
  for (const d of documents) {
    const stored = await storage.get(d.storage_key)
    const path = `documents/${d.id}-${safeName(d.original_name)}`
    if (stored) files[path] = await stored.bytes()
    documentList.push({
      id: d.id,
      name: d.original_name,
      description: d.description,
      mime: d.mime,
      size: d.size,
      created_at: d.created_at,
      file: stored ? path : null,
    })
  }
  const data = {
    exported_at: now().toISOString(),
    profile: { ...profile, documents: undefined },
    settings,
    privacy,
    documents: documentList,
    reviews,
    wallet_entries: wallet.map((w) => ({ ...w, amount_minor: Number(w.amount_minor) })),
    activity,
  }
  files['data.json'] = new TextEncoder().encode(JSON.stringify(data, null, 2))
  const zip = zipSync(files, { level: 6 })
  await audit(db, actor, {
    action: 'tutor.data_download',
    entity: 'tutor',
    id: me.tutorId,
    data: { documents: documentList.length },
  })
  return zip
}
