// Tutor avatars: set (upload), crop and remove, by the tutor or staff. The files are made by
// domain/shared/avatar-files.ts; a tutor's are public:
//   avatar-originals/<tutor>/<name>.jpg   private original; crops start here
//   avatars/<tutor>/<name>.jpg            public main image (tutors.avatar_url)
//   avatars/<tutor>/<name>-130.jpg        public 130×130 cover preview (common/avatars.ts previewUrl)
// Every change rebuilds the listing (the photo earns ranking points).
import { sql } from 'kysely'
import { jsonb } from '../../../db/jsonb'
import type { FileStorage } from '../../integrations/storage/storage'
import { previewUrl } from '../../../common/avatars'
import { refreshListings } from '../catalogue/listings'
import { type Executor, audit } from '../shared/audit'
import {
  type AvatarFiles,
  type AvatarInput,
  type AvatarOwner,
  type Crop,
  cropAvatarFiles,
  removeAvatarFiles,
  setAvatarFiles,
} from '../shared/avatar-files'
import type { Scope } from '../shared/scope'
import { notFound } from '../../../common/errors'

export {
  AVATAR_MAX_SIDE,
  type AvatarFiles,
  prepareAvatar,
  type Crop,
  MAX_INPUT_PIXELS,
  ORIGINAL_MAX_SIDE,
  PREVIEW_SIZE,
} from '../shared/avatar-files'

export function avatarAnswer(url: string | null, files: unknown) {
  if (!url) return null
  const f = files as Partial<AvatarFiles> | null
  return {
    url,
    preview_url: previewUrl(url),
    /** Size of the stored original, the space crop coordinates are given in. */
    original: f?.original_width ? { width: f.original_width, height: f.original_height! } : null,
    crop: f?.crop ?? null,
  }
}
export type AvatarAnswer = ReturnType<typeof avatarAnswer>

/**
 * The tutor's row as an avatar owner: public images under /media/, the listing rebuilt on change (unless
 * the caller lists the tutor again itself: `relist: false`).
 */
function tutorOwner(actor: Scope['actor'], tutorId: number, relist = true): AvatarOwner {
  return {
    id: tutorId,
    originals: 'avatar-originals',
    images: 'avatars',
    urlOf: (key) => `/media/${key}`,
    async read(db: Executor) {
      const row = await db.selectFrom('tutors').select(['avatar_files']).where('id', '=', tutorId).executeTakeFirst()
      if (!row) throw notFound()
      return row.avatar_files as AvatarFiles | null
    },
    async lock(trx) {
      const row = await trx
        .selectFrom('tutors')
        .select(['avatar_url', 'avatar_files'])
        .where('id', '=', tutorId)
        .forUpdate()
        .executeTakeFirst()
      if (!row) throw notFound()
      return { url: row.avatar_url, files: row.avatar_files as AvatarFiles | null }
    },
    async write(trx, { next, previous, action }) {
      await trx
        .updateTable('tutors')
        .set({
          avatar_url: next.url,
          avatar_files: next.files ? jsonb(next.files) : null,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', tutorId)
        .execute()
      const data = next.url ? { url: next.url, crop: next.files?.crop ?? null } : { url: previous.url }
      await audit(trx, actor, { action: `tutor.${action}`, entity: 'tutor', id: tutorId, data })
      if (relist) await refreshListings(trx, [tutorId])
    },
  }
}

/**
 * A new avatar from an upload, optionally cropped at once. `relist: false` leaves the catalogue listing to
 * the caller (the demo seed lists every tutor once at its end instead of once a photo).
 */
export async function setAvatar(
  { db, actor }: Pick<Scope, 'db' | 'actor'>,
  { tutor_id: tutorId, relist, ...input }: { tutor_id: number; relist?: boolean } & AvatarInput,
  storage: FileStorage,
) {
  const saved = await setAvatarFiles({ db, owner: tutorOwner(actor, tutorId, relist ?? true), storage }, input)
  return avatarAnswer(saved.url, saved.files)
}

/** A new crop of the stored original. 409 wrong_status when there is no avatar. */
export async function cropAvatar(
  { db, actor }: Scope,
  { tutor_id: tutorId, ...crop }: Crop & { tutor_id: number },
  storage: FileStorage,
) {
  const saved = await cropAvatarFiles({ db, owner: tutorOwner(actor, tutorId), storage }, crop)
  return avatarAnswer(saved.url, saved.files)
}

export function removeAvatar({ db, actor }: Scope, { tutor_id: tutorId }: { tutor_id: number }, storage: FileStorage) {
  return removeAvatarFiles({ db, owner: tutorOwner(actor, tutorId), storage })
}
