// A staff member's own avatar (docs/api.md#admin-staff-accounts-and-session): set, crop and remove by
// the staff member, made by domain/shared/avatar-files.ts like a tutor's. Unlike a tutor's it is not
// public: every file sits in the private `staff-avatars/<staff id>/` namespace and is read through
// GET /admin/admin/avatar/file, which any signed-in staff member may call (the panel shows
// colleagues' avatars) and nobody else.
import { jsonb } from '../../../db/jsonb'
import type { FileStorage } from '../../integrations/storage/storage'
import { type Executor, audit } from '../shared/audit'
import {
  type AvatarFiles,
  type AvatarOwner,
  type Crop,
  cropAvatarFiles,
  removeAvatarFiles,
  setAvatarFiles,
} from '../shared/avatar-files'
import type { Scope } from '../shared/scope'
import { notFound } from '../../../common/errors'

const FILE_PATH = '/admin/admin/avatar/file'

/** The download URL of a staff member's image; `v` changes with every new image so a browser never shows an old one. */
function fileUrl(staffId: number, mainKey: string): string {
  const v = mainKey.slice(mainKey.lastIndexOf('/') + 1).replace(/-main\.jpg$/, '')
  return `${FILE_PATH}?id=${staffId}&v=${v}`
}

/** The answer of set, crop and remove, shaped like a tutor's avatar answer; null without one. */
export function staffAvatarAnswer(staffId: number, files: unknown) {
  const f = files as AvatarFiles | null
  if (!f) return null
  return {
    url: fileUrl(staffId, f.key),
    // The same address with size=preview (the auth object builds it the same way from avatar_url).
    preview_url: `${fileUrl(staffId, f.key)}&size=preview`,
    /** Size of the stored original, the space crop coordinates are given in. */
    original: { width: f.original_width, height: f.original_height },
    crop: f.crop,
  }
}

/** The staff row as an avatar owner. */
function staffOwner(actor: Scope['actor'], staffId: number): AvatarOwner {
  return {
    id: staffId,
    originals: 'staff-avatars',
    images: 'staff-avatars',
    urlOf: (key) => fileUrl(staffId, key),
    async read(db: Executor) {
      const row = await db
        .selectFrom('staff')
        .select(['avatar_files'])
        .where('id', '=', staffId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (!row) throw notFound()
      return row.avatar_files as AvatarFiles | null
    },
    async lock(trx) {
      const row = await trx
        .selectFrom('staff')
        .select(['avatar_url', 'avatar_files'])
        .where('id', '=', staffId)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst()
      if (!row) throw notFound()
      return { url: row.avatar_url, files: row.avatar_files as AvatarFiles | null }
    },
    async write(trx, { next, previous, action }) {
      await trx
        .updateTable('staff')
        .set({ avatar_url: next.url, avatar_files: next.files ? jsonb(next.files) : null })
        .where('id', '=', staffId)
        .execute()
      const data = next.url ? { url: next.url, crop: next.files?.crop ?? null } : { url: previous.url }
      await audit(trx, actor, { action: `staff.${action}`, entity: 'staff', id: staffId, data })
    },
  }
}

export async function setStaffAvatar(
  { db, actor }: Pick<Scope, 'db' | 'actor'>,
  { staff_id: staffId, image, crop }: { staff_id: number; image: unknown; crop?: Crop | null },
  storage: FileStorage,
) {
  const saved = await setAvatarFiles({ db, owner: staffOwner(actor, staffId), storage }, { image, crop })
  return staffAvatarAnswer(staffId, saved.files)
}

/** A new crop of the stored original. 409 wrong_status when there is no avatar. */
export async function cropStaffAvatar(
  { db, actor }: Scope,
  { staff_id: staffId, ...crop }: Crop & { staff_id: number },
  storage: FileStorage,
) {
  const saved = await cropAvatarFiles({ db, owner: staffOwner(actor, staffId), storage }, crop)
  return staffAvatarAnswer(staffId, saved.files)
}

export function removeStaffAvatar(
  { db, actor }: Scope,
  { staff_id: staffId }: { staff_id: number },
  storage: FileStorage,
) {
  return removeAvatarFiles({ db, owner: staffOwner(actor, staffId), storage })
}

/** The current avatar of a staff member (the panel's own-avatar form). */
export async function getStaffAvatar(db: Executor, staffId: number) {
  const row = await db.selectFrom('staff').select(['avatar_files']).where('id', '=', staffId).executeTakeFirst()
  if (!row) throw notFound()
  return staffAvatarAnswer(staffId, row.avatar_files)
}

/**
 * The image file itself, main or 130 px preview. The caller is staff (the procedure's access); a staff
 * member without an avatar, or gone, is a 404.
 */
export async function readStaffAvatar(
  db: Executor,
  { id, size }: { id: number; size?: 'main' | 'preview' },
  storage: FileStorage,
) {
  const row = await db
    .selectFrom('staff')
    .select(['avatar_files'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  const files = row?.avatar_files as AvatarFiles | null | undefined
  if (!files) throw notFound()
  const key = size === 'preview' ? files.preview_key : files.key
  const stored = await storage.get(key)
  if (!stored) throw notFound()
  return { body: stored.body(), size: stored.size }
}
