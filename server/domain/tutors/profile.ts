// The tutor profile editor (docs/product.md#3-entities-and-their-fields form; docs/api.md#tutor-sign-in-and-account
// profile get and save): subjects with levels, offline places (city → districts → subdistricts), work modes, the
// profile texts, password and documents. One save is one transaction: the subjects, places and documents are
// replaced, the change is audited and the catalogue listing rebuilt.
import { sql } from 'kysely'
import { jsonb } from '../../../db/jsonb'
import { msg } from '../../../i18n/keys'
import type { FileStorage } from '../../integrations/storage/storage'
import { keyOf, randomName } from '../../integrations/storage/storage'
import { YOUTUBE_ID, type TutorProfileInput, ZTutorProfile } from '../../../common/schemas/tutor/profile.schema'
import { hashPassword } from '../auth/passwords'
import { forgiveAttempt } from '../auth/throttle'
import { endPersonSessions } from '../account/codes'
import { checkCurrentPassword } from '../account/password-change'
import { refreshListings } from '../catalogue/listings'
import type { Edition } from '../../../common/editions'
import { type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { DomainError, FieldErrors, addFieldError, notFound } from '../../../common/errors'
import { localName } from '../shared/names'
import { parseOrFieldErrors } from '../shared/parse'
import { avatarAnswer } from './avatar'
import { dropPricesOfOldSubjects } from './prices'
import {
  type CheckedUpload,
  FILE_MESSAGES,
  MAX_DOCUMENTS_PER_SAVE,
  MAX_DOCUMENTS_PER_TUTOR,
  checkUpload,
  nameWithExt,
} from './files'

const invalid = msg('validation.invalid')

/** Where a tutor (or staff for them) downloads a document. */
export const documentUrl = (id: number) => `/tutor/profile/document?id=${id}`

type PlaceKind = 'home' | 'travel'
interface PlaceEntry {
  city: number
  districts: number[]
  subdistricts: number[]
}

// ---------------------------------------------------------------------------------------------------
// Read

export async function getTutorProfile(
  { db, locale, edition: ed }: Pick<Scope, 'db' | 'locale' | 'edition'>,
  { tutor_id: tutorId }: { tutor_id: number },
) {
  const tutor = await db
    .selectFrom('tutors as t')
    .innerJoin('people as p', 'p.id', 't.person_id')
    .select([
      't.id',
      't.name',
      't.first_name',
      't.status',
      't.published',
      't.active',
      't.verified',
      't.description',
      't.short_description',
      't.university_name',
      't.university_graduation_year',
      't.age',
      't.schedule',
      't.video_url',
      't.online_communication_app',
      't.work_home',
      't.work_travel',
      't.work_online',
      't.rate_id',
      't.price',
      't.practice_id',
      't.tutor_points_for_order',
      't.avatar_url',
      't.avatar_files',
      't.sent_back_reason',
      'p.email',
      'p.phone',
    ])
    .where('t.id', '=', tutorId)
    .executeTakeFirst()
  if (!tutor) throw notFound()

  const [subjects, levels, places, documents, rate] = await Promise.all([
    db
      .selectFrom('tutor_subjects as s')
      .innerJoin('lessons as l', 'l.id', 's.lesson_id')
      .select(['s.lesson_id', 's.description', 'l.names'])
      .where('s.tutor_id', '=', tutorId)
      .orderBy('s.sort')
      .orderBy('s.lesson_id')
      .execute(),
    db
      .selectFrom('tutor_subject_levels as tl')
      .innerJoin('levels as lv', 'lv.id', 'tl.level_id')
      .select(['tl.lesson_id', 'tl.level_id', 'lv.names'])
      .where('tl.tutor_id', '=', tutorId)
      .orderBy('lv.sort')
      .orderBy('lv.id')
      .execute(),
    db
      .selectFrom('tutor_places as p')
      .innerJoin('cities as c', 'c.id', 'p.city_id')
      .leftJoin('districts as d', 'd.id', 'p.district_id')
      .leftJoin('subdistricts as sd', 'sd.id', 'p.subdistrict_id')
      .select([
        'p.kind',
        'p.city_id',
        'p.district_id',
        'p.subdistrict_id',
        'c.names as city_names',
        'd.names as district_names',
        'sd.names as subdistrict_names',
      ])
      .where('p.tutor_id', '=', tutorId)
      .orderBy('p.id')
      .execute(),
    db
      .selectFrom('tutor_documents')
      .select([
        'id',
        'description',
        'mime',
        'size',
        'original_name',
        sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('created_at'),
      ])
      .where('tutor_id', '=', tutorId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute(),
    tutor.rate_id === null
      ? null
      : db.selectFrom('rates').select(['id', 'names']).where('id', '=', tutor.rate_id).executeTakeFirst(),
  ])

  const name = (names: unknown) => localName(names, locale, ed)
  const levelsOf = (lessonId: number) => levels.filter((l) => l.lesson_id === lessonId).map((l) => l.level_id)
  const placesOf = (kind: PlaceKind): PlaceEntry[] => {
    const byCity = new Map<number, PlaceEntry>()
    for (const p of places.filter((x) => x.kind === kind)) {
      const entry = byCity.get(p.city_id) ?? { city: p.city_id, districts: [], subdistricts: [] }
      byCity.set(p.city_id, entry)
      if (p.district_id !== null && !entry.districts.includes(p.district_id)) entry.districts.push(p.district_id)
      if (p.subdistrict_id !== null && !entry.subdistricts.includes(p.subdistrict_id))
        entry.subdistricts.push(p.subdistrict_id)
    }
    return [...byCity.values()]
  }
  const locationsHome = placesOf('home')
  const locationsTravel = placesOf('travel')
  /** Legacy shape: {city id: [district ids]} per place kind. */
  const legacyPlaces = (entries: PlaceEntry[]) => Object.fromEntries(entries.map((e) => [e.city, e.districts]))
  const labels = (rows: { id: number | null; names: unknown }[]) =>
    Object.fromEntries(rows.filter((r) => r.id !== null).map((r) => [r.id, name(r.names)]))

  return {
    id: tutor.id,
    name: tutor.name,
    first_name: tutor.first_name,
    email: tutor.email,
    phone: tutor.phone,
    status: tutor.status,
    published: tutor.published,
    active: tutor.active,
    verified: tutor.verified,
    sent_back_reason: tutor.sent_back_reason,
    subjects: subjects.map((s) => ({
      subject_id: s.lesson_id,
      description: s.description,
      selectedLevels: levelsOf(s.lesson_id),
    })),
    lesson_levels: Object.fromEntries(subjects.map((s) => [s.lesson_id, levelsOf(s.lesson_id)])),
    lesson_descriptions: Object.fromEntries(subjects.map((s) => [s.lesson_id, s.description])),
    locations_home: locationsHome,
    locations_travel: locationsTravel,
    locations: { tutor_place: legacyPlaces(locationsHome), client_place: legacyPlaces(locationsTravel) },
    locations_online: tutor.work_online,
    work_home: tutor.work_home,
    work_travel: tutor.work_travel,
    work_online: tutor.work_online,
    location_at_tutor: tutor.work_home,
    location_at_client: tutor.work_travel,
    location_at_online: tutor.work_online,
    university_name: tutor.university_name,
    university: { name: tutor.university_name },
    university_graduation_year: tutor.university_graduation_year,
    age: tutor.age,
    schedule: tutor.schedule,
    description: tutor.description,
    short_description: tutor.short_description,
    video_url: tutor.video_url,
    online_communication_app: tutor.online_communication_app,
    tutor_points_for_order: tutor.tutor_points_for_order,
    practice_id: tutor.practice_id,
    rate_id: tutor.rate_id,
    rate: rate ? { id: rate.id, name: name(rate.names) } : null,
    price: tutor.price,
    currency: ed.currency,
    avatar: avatarAnswer(tutor.avatar_url, tutor.avatar_files),
    documents: documents.map((d) => ({
      id: d.id,
      description: d.description,
      name: d.original_name,
      mime: d.mime,
      size: d.size,
      created_at: d.created_at,
      url: documentUrl(d.id),
    })),
    /** Names of the ids above in the requested language, for showing the form. */
    labels: {
      subjects: labels(subjects.map((s) => ({ id: s.lesson_id, names: s.names }))),
      levels: labels(levels.map((l) => ({ id: l.level_id, names: l.names }))),
      cities: labels(places.map((p) => ({ id: p.city_id, names: p.city_names }))),
      districts: labels(places.map((p) => ({ id: p.district_id, names: p.district_names }))),
      subdistricts: labels(places.map((p) => ({ id: p.subdistrict_id, names: p.subdistrict_names }))),
    },
  }
}
export type TutorProfile = Awaited<ReturnType<typeof getTutorProfile>>

// ---------------------------------------------------------------------------------------------------
// Save

/** A subject to store, with the form field its errors belong to. */
interface SubjectEntry {
  lessonId: number
  description: string
  levels: number[]
  /** Field names for refusals: the subject id and its levels. */
  idField: string
  levelsField: string
}

/** subjects[], or else the legacy maps merged into subjects; undefined when neither was sent. */
function subjectsOf(p: TutorProfileInput, errors: Errors): SubjectEntry[] | undefined {
  if (p.subjects) {
    return p.subjects.map((s, i) => ({
      lessonId: s.subject_id,
      description: s.description ?? '',
      levels: [...new Set(s.selectedLevels)],
      idField: `subjects.${i}.subject_id`,
      levelsField: `subjects.${i}.selectedLevels`,
    }))
  }
  if (!p.lesson_levels && !p.lesson_descriptions) return undefined
  const levels = p.lesson_levels ?? {}
  const descriptions = p.lesson_descriptions ?? {}
  const keys = [...new Set([...Object.keys(levels), ...Object.keys(descriptions)])]
  const out: SubjectEntry[] = []
  for (const key of keys) {
    const field = key in levels ? `lesson_levels.${key}` : `lesson_descriptions.${key}`
    if (!/^[1-9]\d{0,9}$/.test(key)) {
      errors.add(field, invalid)
      continue
    }
    out.push({
      lessonId: Number(key),
      description: descriptions[key] ?? '',
      levels: [...new Set(levels[key] ?? [])],
      idField: field,
      levelsField: `lesson_levels.${key}`,
    })
  }
  return out
}

class Errors {
  fields: Record<string, string[]> = {}
  add(field: string, message: string) {
    if (!this.fields[field]?.includes(message)) addFieldError(this.fields, field, message)
  }
  merge(fields: Record<string, string[]>) {
    for (const [f, ms] of Object.entries(fields)) for (const m of ms) this.add(f, m)
  }
  get any() {
    return Object.keys(this.fields).length > 0
  }
  throwIfAny() {
    if (this.any) throw new FieldErrors(this.fields)
  }
}

/** Checks that every id exists in this edition and that the ids belong together. */
async function checkReferences(
  db: Executor,
  {
    edition: ed,
    subjects,
    places,
    rateId,
  }: {
    edition: Edition
    subjects: SubjectEntry[] | undefined
    places: Partial<Record<PlaceKind, PlaceEntry[]>>
    rateId: number | null | undefined
  },
  errors: Errors,
) {
  const lessonIds = [...new Set((subjects ?? []).map((s) => s.lessonId))]
  const levelIds = [...new Set((subjects ?? []).flatMap((s) => s.levels))]
  const entries = [...(places.home ?? []), ...(places.travel ?? [])]
  const cityIds = [...new Set(entries.map((e) => e.city))]
  const districtIds = [...new Set(entries.flatMap((e) => e.districts))]
  const subdistrictIds = [...new Set(entries.flatMap((e) => e.subdistricts))]
  const none = [0]
  const [lessons, levels, cities, districts, subdistricts, rate] = await Promise.all([
    db
      .selectFrom('lessons')
      .select('id')
      .where('id', 'in', lessonIds.length ? lessonIds : none)
      .where('edition', '=', ed.code)
      .execute(),
    db
      .selectFrom('levels')
      .select(['id', 'lesson_id'])
      .where('id', 'in', levelIds.length ? levelIds : none)
      .execute(),
    db
      .selectFrom('cities')
      .select('id')
      .where('id', 'in', cityIds.length ? cityIds : none)
      .where('edition', '=', ed.code)
      .execute(),
    db
      .selectFrom('districts')
      .select(['id', 'city_id'])
      .where('id', 'in', districtIds.length ? districtIds : none)
      .execute(),
    db
      .selectFrom('subdistricts')
      .select(['id', 'district_id'])
      .where('id', 'in', subdistrictIds.length ? subdistrictIds : none)
      .execute(),
    rateId
      ? db.selectFrom('rates').select('id').where('id', '=', rateId).where('edition', '=', ed.code).executeTakeFirst()
      : null,
  ])
  const lessonSet = new Set(lessons.map((l) => l.id))
  const lessonOfLevel = new Map(levels.map((l) => [l.id, l.lesson_id]))
  const citySet = new Set(cities.map((c) => c.id))
  const cityOfDistrict = new Map(districts.map((d) => [d.id, d.city_id]))
  const districtOfSubdistrict = new Map(subdistricts.map((s) => [s.id, s.district_id]))

  const seen = new Set<number>()
  for (const s of subjects ?? []) {
    if (!lessonSet.has(s.lessonId) || seen.has(s.lessonId)) errors.add(s.idField, invalid)
    seen.add(s.lessonId)
    if (s.levels.some((l) => lessonOfLevel.get(l) !== s.lessonId)) errors.add(s.levelsField, invalid)
  }
  for (const kind of ['home', 'travel'] as const) {
    const field = kind === 'home' ? 'locations_home' : 'locations_travel'
    for (const [i, e] of (places[kind] ?? []).entries()) {
      if (!citySet.has(e.city)) errors.add(`${field}.${i}.city`, invalid)
      if (e.districts.some((d) => cityOfDistrict.get(d) !== e.city)) errors.add(`${field}.${i}.districts`, invalid)
      if (e.subdistricts.some((s) => !e.districts.includes(districtOfSubdistrict.get(s) ?? -1)))
        errors.add(`${field}.${i}.subdistricts`, invalid)
    }
  }
  if (rateId && !rate) errors.add('rate_id', invalid)
}

/** Entries of one place kind with the same city merged; undefined when the kind was not sent. */
function placesOf(list: TutorProfileInput['locations_home']): PlaceEntry[] | undefined {
  if (!list) return undefined
  return list.map((e) => ({
    city: e.city,
    districts: [...new Set(e.districts)],
    subdistricts: [...new Set(e.subdistricts)],
  }))
}

/** Rows of tutor_places for entries: a row per subdistrict, else per district, else one for the city. */
function placeRows(
  { tutorId, kind, entries }: { tutorId: number; kind: PlaceKind; entries: PlaceEntry[] },
  districtOf: Map<number, number>,
) {
  const rows: {
    tutor_id: number
    kind: PlaceKind
    city_id: number
    district_id: number | null
    subdistrict_id: number | null
  }[] = []
  const byCity = new Map<number, PlaceEntry>()
  for (const e of entries) {
    const merged = byCity.get(e.city) ?? { city: e.city, districts: [], subdistricts: [] }
    merged.districts = [...new Set([...merged.districts, ...e.districts])]
    merged.subdistricts = [...new Set([...merged.subdistricts, ...e.subdistricts])]
    byCity.set(e.city, merged)
  }
  for (const e of byCity.values()) {
    if (e.districts.length === 0)
      rows.push({ tutor_id: tutorId, kind, city_id: e.city, district_id: null, subdistrict_id: null })
    for (const d of e.districts) {
      const subs = e.subdistricts.filter((s) => districtOf.get(s) === d)
      if (subs.length === 0)
        rows.push({ tutor_id: tutorId, kind, city_id: e.city, district_id: d, subdistrict_id: null })
      for (const s of subs) rows.push({ tutor_id: tutorId, kind, city_id: e.city, district_id: d, subdistrict_id: s })
    }
  }
  return rows
}

/** Canonical form of a YouTube link: https://www.youtube.com/watch?v=<11-character id>. */
function youtube(url: string): string | null {
  const id = YOUTUBE_ID.exec(url)?.[1]
  return id ? `https://www.youtube.com/watch?v=${id}` : null
}

export interface SaveProfileRequest {
  /** Whose profile: the tutor's own id, or the one staff chose. */
  tutor_id: number
  /** The `tutor` JSON text (a string) or an already parsed object. */
  tutor: unknown
  /** The save schema's (ZProfileSave) multipart lists: the files and their descriptions, by position. */
  new_documents?: unknown[]
  new_documents_descriptions?: string[]
  /**
   * The tutor saving their own profile: a new password needs the current one and ends their other
   * sessions. Absent (staff): a new password ends every session of the tutor.
   */
  self?: { sessionId: string; ip: string }
}

export function parseTutorField(raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') throw new FieldErrors({ tutor: [msg('validation.required')] })
  if (typeof raw !== 'string') return raw
  try {
    return JSON.parse(raw)
  } catch {
    throw new DomainError('bad_request')
  }
}

/** Checks the new documents; refusals go to `new_documents`. */
async function checkDocuments(files: unknown[], errors: Errors): Promise<CheckedUpload[]> {
  if (files.length > MAX_DOCUMENTS_PER_SAVE) {
    errors.add('new_documents', FILE_MESSAGES.tooManyAtOnce)
    return []
  }
  const out: CheckedUpload[] = []
  for (const file of files) {
    const checked = await checkUpload(file, ['pdf', 'jpg', 'png'], {
      type: FILE_MESSAGES.documentType,
      tooLarge: FILE_MESSAGES.tooLarge,
      pixels: FILE_MESSAGES.documentPixels,
    })
    if ('error' in checked) errors.add('new_documents', checked.error)
    else out.push(checked)
  }
  return out
}

/**
 * Saves the profile form for a tutor (the tutor themself, or staff). Fields not sent keep their
 * values; subjects and each place kind are replaced when sent. Answers the saved profile.
 */
export async function saveTutorProfile(
  scope: Scope,
  req: SaveProfileRequest,
  storage: FileStorage,
): Promise<TutorProfile> {
  const { db, actor, edition: ed } = scope
  const tutorId = req.tutor_id
  const errors = new Errors()
  let p: TutorProfileInput | null = null
  try {
    p = parseOrFieldErrors(ZTutorProfile, parseTutorField(req.tutor))
  } catch (err) {
    if (!(err instanceof FieldErrors)) throw err
    errors.merge(err.fields)
  }
  const uploads = await checkDocuments(req.new_documents ?? [], errors)
  if (!p) throw new FieldErrors(errors.fields)

  const subjects = subjectsOf(p, errors)
  const places: Partial<Record<PlaceKind, PlaceEntry[]>> = {
    home: placesOf(p.locations_home),
    travel: placesOf(p.locations_travel),
  }
  await checkReferences(db, { edition: ed, subjects, places, rateId: p.rate_id }, errors)
  errors.throwIfAny()

  const exists = await db.selectFrom('tutors').select('id').where('id', '=', tutorId).executeTakeFirst()
  if (!exists) throw notFound()

  const personId = p.password
    ? (await db.selectFrom('tutors').select('person_id').where('id', '=', tutorId).executeTakeFirstOrThrow()).person_id
    : null
  const confirmed =
    personId && req.self
      ? await checkCurrentPassword(db, { personId, currentPassword: p.current_password, ip: req.self.ip })
      : null
  const passwordHash = p.password ? await hashPassword(p.password) : null
  const columns = tutorColumns(p)

  // Files are written first, under fresh random keys; if the transaction fails they are removed again.
  const stored: { upload: CheckedUpload; key: string; description: string }[] = []
  const descriptions = req.new_documents_descriptions ?? []
  try {
    for (const [i, upload] of uploads.entries()) {
      const key = keyOf('documents', tutorId, randomName())
      await storage.put(key, upload.bytes, upload.mime)
      stored.push({ upload, key, description: (descriptions[i] ?? '').trim().slice(0, 500) })
    }
    const removedKeys = await db.transaction().execute(async (trx) => {
      await trx.selectFrom('tutors').select('id').where('id', '=', tutorId).forUpdate().executeTakeFirstOrThrow()

      if (subjects) {
        await trx.deleteFrom('tutor_subjects').where('tutor_id', '=', tutorId).execute()
        if (subjects.length)
          await trx
            .insertInto('tutor_subjects')
            .values(
              subjects.map((s, i) => ({
                tutor_id: tutorId,
                lesson_id: s.lessonId,
                description: s.description,
                sort: i,
              })),
            )
            .execute()
        const levelRows = subjects.flatMap((s) =>
          s.levels.map((level_id) => ({ tutor_id: tutorId, lesson_id: s.lessonId, level_id })),
        )
        if (levelRows.length) await trx.insertInto('tutor_subject_levels').values(levelRows).execute()
        await dropPricesOfOldSubjects(trx, ed, tutorId)
      }

      for (const kind of ['home', 'travel'] as const) {
        const entries = places[kind]
        if (!entries) continue
        const subIds = [...new Set(entries.flatMap((e) => e.subdistricts))]
        const districtOf = new Map(
          subIds.length
            ? (
                await trx.selectFrom('subdistricts').select(['id', 'district_id']).where('id', 'in', subIds).execute()
              ).map((s) => [s.id, s.district_id])
            : [],
        )
        await trx.deleteFrom('tutor_places').where('tutor_id', '=', tutorId).where('kind', '=', kind).execute()
        const rows = placeRows({ tutorId, kind, entries }, districtOf)
        if (rows.length) await trx.insertInto('tutor_places').values(rows).execute()
      }

      await trx
        .updateTable('tutors')
        .set({ ...columns, updated_at: sql<Date>`now()` })
        .where('id', '=', tutorId)
        .execute()
      if (passwordHash && personId) {
        if (confirmed) await forgiveAttempt(trx, confirmed)
        await trx
          .updateTable('people')
          .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
          .where('id', '=', personId)
          .execute()
        await endPersonSessions(trx, personId, req.self?.sessionId)
      }

      // Documents: those not listed in `documents` are removed; listed ones get their descriptions.
      const current = await trx
        .selectFrom('tutor_documents')
        .select(['id', 'storage_key'])
        .where('tutor_id', '=', tutorId)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .execute()
      let removed: typeof current = []
      if (p.documents) {
        const keep = new Map(p.documents.map((d) => [d.id, d]))
        const ownIds = new Set(current.map((d) => d.id))
        if ([...keep.keys()].some((id) => !ownIds.has(id))) throw new FieldErrors({ documents: [invalid] })
        removed = current.filter((d) => !keep.has(d.id))
        if (removed.length)
          await trx
            .updateTable('tutor_documents')
            .set({ deleted_at: sql<Date>`now()` })
            .where(
              'id',
              'in',
              removed.map((d) => d.id),
            )
            .execute()
        for (const d of p.documents)
          if (d.description !== undefined)
            await trx
              .updateTable('tutor_documents')
              .set({ description: d.description })
              .where('id', '=', d.id)
              .where('tutor_id', '=', tutorId)
              .execute()
      }
      if (current.length - removed.length + stored.length > MAX_DOCUMENTS_PER_TUTOR)
        throw new FieldErrors({ new_documents: [FILE_MESSAGES.tooManyStored] })
      const added = stored.length
        ? await trx
            .insertInto('tutor_documents')
            .values(
              stored.map((s) => ({
                tutor_id: tutorId,
                storage_key: s.key,
                original_name: nameWithExt(s.upload.name, s.upload.ext),
                mime: s.upload.mime,
                size: s.upload.bytes.byteLength,
                description: s.description,
              })),
            )
            .returning('id')
            .execute()
        : []

      // The tutor's own save after a send-back is the resubmission: the reason has been answered.
      const resubmitted = req.self
        ? await trx
            .updateTable('tutors')
            .set({ sent_back_reason: null })
            .where('id', '=', tutorId)
            .where('sent_back_reason', 'is not', null)
            .returning('id')
            .executeTakeFirst()
        : undefined
      await audit(trx, actor, {
        action: 'tutor.profile_save',
        entity: 'tutor',
        id: tutorId,
        data: {
          fields: Object.keys(columns),
          subjects: subjects?.map((s) => s.lessonId),
          places_home: places.home?.length,
          places_travel: places.travel?.length,
          password_changed: !!passwordHash,
          documents_added: added.map((a) => a.id),
          documents_removed: removed.map((d) => d.id),
          ...(resubmitted ? { resubmitted: true } : {}),
        },
      })
      await refreshListings(trx, [tutorId])
      return removed.map((d) => d.storage_key)
    })
    await Promise.allSettled(removedKeys.map((key) => storage.delete(key)))
  } catch (err) {
    await Promise.allSettled(stored.map((s) => storage.delete(s.key)))
    throw err
  }
  return getTutorProfile(scope, { tutor_id: tutorId })
}

/** The tutors columns a save changes: only the fields that were sent. */
function tutorColumns(p: TutorProfileInput) {
  const c: Partial<{
    name: string
    description: string
    short_description: string
    university_name: string
    university_graduation_year: number | null
    age: number | null
    schedule: ReturnType<typeof jsonb> | null
    video_url: string | null
    online_communication_app: string | null
    work_home: boolean
    work_travel: boolean
    work_online: boolean
    tutor_points_for_order: number
    practice_id: number | null
    rate_id: number | null
    price: number | null
  }> = {}
  if (p.name !== undefined) c.name = p.name
  if (p.description !== undefined) c.description = p.description
  if (p.short_description !== undefined) c.short_description = p.short_description
  const university = p.university_name ?? p.university?.name
  if (university !== undefined) c.university_name = university
  if (p.university_graduation_year !== undefined) c.university_graduation_year = p.university_graduation_year
  if (p.age !== undefined) c.age = p.age
  if (p.schedule !== undefined) c.schedule = p.schedule === null ? null : jsonb(p.schedule)
  if (p.video_url !== undefined) c.video_url = p.video_url ? youtube(p.video_url) : null
  if (p.online_communication_app !== undefined) c.online_communication_app = p.online_communication_app || null
  const home = p.work_home ?? p.location_at_tutor
  const travel = p.work_travel ?? p.location_at_client
  const online = p.work_online ?? p.location_at_online ?? p.locations_online
  if (home !== undefined) c.work_home = home
  if (travel !== undefined) c.work_travel = travel
  if (online !== undefined) c.work_online = online
  if (p.tutor_points_for_order !== undefined) c.tutor_points_for_order = p.tutor_points_for_order ?? 0
  if (p.practice_id !== undefined) c.practice_id = p.practice_id
  if (p.rate_id !== undefined) c.rate_id = p.rate_id
  if (p.price !== undefined) c.price = p.price
  return c
}
