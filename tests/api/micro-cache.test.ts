// In production the catalogue API is micro-cached for anonymous visitors (server/http/micro-cache.ts):
// a repeat answers from memory (with an `age` header, gzipped once), a visitor with a session cookie
// always gets a fresh answer, and outside production nothing is cached.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { type TestApp, startTestApp } from '../helpers/app'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'
import type { RestReply } from '../helpers/api'

let prod: TestApp
let ref: Ref
beforeAll(async () => {
  prod = await startTestApp({ nodeEnv: 'production' })
  ref = await referenceFixture(prod.services.db)
})
afterAll(() => prod.close())

const path = '/client/tutors?lesson=matematyka&city=lviv'
const names = async (res: Response) => ((await res.json()) as RestReply<'/client/tutors'>).data.items.map((i) => i.name)

test('a repeated anonymous read answers from memory; a session cookie bypasses it', async () => {
  const db = prod.services.db
  const place = [{ kind: 'home' as const, city: ref.cities.lviv }]
  await makeTutor(db, { name: 'First Cached', subjects: [{ lesson: ref.lessons.math }], places: place })
  const first = await fetch(prod.url + path)
  expect(first.headers.get('age')).toBeNull()
  expect(await names(first)).toEqual(['First Cached'])

  // A tutor listed after the first read: anonymous readers see the kept answer until the TTL ends…
  await makeTutor(db, { name: 'Second Fresh', subjects: [{ lesson: ref.lessons.math }], places: place })
  const repeat = await fetch(prod.url + path, { headers: { 'accept-encoding': 'gzip' } })
  expect(repeat.headers.get('age')).not.toBeNull()
  expect(await names(repeat)).toEqual(['First Cached'])
  // …while a visitor with a session cookie reads the database.
  const signedIn = await fetch(prod.url + path, { headers: { cookie: 'sid=any' } })
  expect(signedIn.headers.get('age')).toBeNull()
  expect((await names(signedIn)).sort()).toEqual(['First Cached', 'Second Fresh'])
})

test('outside production the catalogue API is never cached', async () => {
  const dev = await startTestApp()
  try {
    const r = await referenceFixture(dev.services.db)
    const place = [{ kind: 'home' as const, city: r.cities.lviv }]
    await makeTutor(dev.services.db, { name: 'Dev One', subjects: [{ lesson: r.lessons.math }], places: place })
    expect(await names(await fetch(dev.url + path))).toEqual(['Dev One'])
    await makeTutor(dev.services.db, { name: 'Dev Two', subjects: [{ lesson: r.lessons.math }], places: place })
    expect((await names(await fetch(dev.url + path))).sort()).toEqual(['Dev One', 'Dev Two'])
  } finally {
    await dev.close()
  }
})
