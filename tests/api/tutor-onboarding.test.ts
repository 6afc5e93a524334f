// The tutor's onboarding reads: the checklist (GET /tutor/profile/completeness) follows the catalogue's
// own listing rule and ranking, and the preview of the public profile (GET /tutor/profile/preview,
// GET /admin/tutor/profile/preview) shows an unpublished profile to the tutor and staff only — the
// public profile stays a 404 for everyone else until it is published.
import { beforeAll, expect, test } from 'bun:test'
import { Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type Ref, referenceFixture } from '../helpers/catalogue'
import { refreshListings } from '../../server/domain/catalogue/listings'

const app = useTestApp()
let ref: Ref
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
})
const db = () => app.services.db

async function newTutor() {
  const p = await makePerson(app, { tutor: true })
  await db().updateTable('tutors').set({ name: 'Ірина Нова' }).where('id', '=', p.tutorId!).execute()
  return { tutorId: p.tutorId!, c: await signedIn(app, { tutor: p.email }) }
}

test('the checklist names what keeps a new tutor out of the catalogue and what would add rating points', async () => {
  const { tutorId, c } = await newTutor()
  const r = await c.api.get('/tutor/profile/completeness')
  expect(r.status).toBe(200)
  const first = r.json.data!
  expect(first.steps).toEqual([
    { step: 'basics', done: true },
    { step: 'subjects', done: false },
    { step: 'prices', done: false },
    { step: 'places', done: false },
    { step: 'photo', done: false },
    { step: 'about', done: false },
  ])
  expect(first.listing_gaps).toEqual(['subject', 'place', 'published'])
  expect(first.points).toBe(0)
  // rank(): photo 10, description 10 (≥ 300 characters), schedule 5, video 5.
  expect(first.gains).toEqual([
    { reason: 'photo', points: 10 },
    { reason: 'description', points: 10 },
    { reason: 'schedule', points: 5 },
    { reason: 'video', points: 5 },
  ])

  await db().insertInto('tutor_subjects').values({ tutor_id: tutorId, lesson_id: ref.lessons.math, sort: 0 }).execute()
  await db()
    .updateTable('tutors')
    .set({ work_online: true, description: 'Математика для школярів. '.repeat(6) })
    .where('id', '=', tutorId)
    .execute()
  await db()
    .insertInto('tutor_prices')
    .values({ tutor_id: tutorId, lesson_id: ref.lessons.math, minutes: 60, price_minor: 40000, currency: 'UAH' })
    .execute()
  const later = (await c.api.get('/tutor/profile/completeness')).json.data!
  expect(later.steps.filter((s) => s.done).map((s) => s.step)).toEqual([
    'basics',
    'subjects',
    'prices',
    'places',
    'about',
  ])
  // Only the moderator's approval is left; a 150-character description gives 5 of its 10 points.
  expect(later.listing_gaps).toEqual(['published'])
  expect(later.points).toBe(5)
  expect(later.gains.find((g) => g.reason === 'description')).toEqual({ reason: 'description', points: 5 })
})

test('the preview shows the unpublished profile to the tutor and staff; nobody else sees it', async () => {
  const { tutorId, c } = await newTutor()
  await db().insertInto('tutor_subjects').values({ tutor_id: tutorId, lesson_id: ref.lessons.math, sort: 0 }).execute()
  // The profile save rebuilds the card the profile is read from; written directly here, rebuilt by hand.
  await refreshListings(db(), [tutorId])
  const own = await c.api.get('/tutor/profile/preview')
  expect(own.status).toBe(200)
  expect(own.json.data!.id).toBe(tutorId)
  expect(own.json.data!.name).toBe('Ірина Нова')

  // The public profile is still a 404, for a stranger and for another tutor.
  const stranger = new Client(app.url)
  expect((await stranger.api.get(`/client/tutor/get?id=${tutorId}`)).status).toBe(404)
  expect((await stranger.api.get('/tutor/profile/preview')).status).toBe(401)
  expect((await stranger.api.get(`/admin/tutor/profile/preview?id=${tutorId}`)).status).toBe(401)
  const other = await newTutor()
  // Another tutor's preview call answers their own profile: there is no id to ask for someone else's.
  expect((await other.c.api.get('/tutor/profile/preview')).json.data!.id).toBe(other.tutorId)
  expect((await other.c.api.get(`/admin/tutor/profile/preview?id=${tutorId}`)).status).toBe(403)
  const client = await makePerson(app, { client: true })
  const cc = await signedIn(app, { client: client.email })
  expect((await cc.api.get('/tutor/profile/preview')).status).toBe(403)

  const staff = await makeStaff(app, 1)
  const sc = await signedIn(app, { staff: staff.email })
  const seen = await sc.api.get(`/admin/tutor/profile/preview?id=${tutorId}`)
  expect(seen.status).toBe(200)
  expect(seen.json.data!.lessons.map((l) => l.id)).toEqual([ref.lessons.math])
})
