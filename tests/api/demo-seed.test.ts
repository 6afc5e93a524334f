// The first start is the shop window: in every edition the demo marketplace has at
// least 60 listed tutors with names and texts in the edition's languages, every subject in every
// city, prices in the edition's currency only, reviews that come from paid orders, a few TOPs and
// photos that load; catalogue slugs are in the edition's language; regions exist without demo data.
import {
  MAIL_EVENT_NAMES,
  type MailEvent,
  SMS_EVENT_NAMES,
  type SmsEvent,
  mailVariables,
  smsVariables,
  unknownVariables,
} from '../../common/message-templates'
import * as jsonbRepair from '../../db/migrations/2026_11_25_0032_jsonb_repair'
import { describe, expect, test } from 'bun:test'
import { zPhone } from '../../common/validators'
import { sql } from 'kysely'
import { seedBulkTutors } from '../../db/seed/bulk-tutors'
import { seedDemo } from '../../db/seed/demo'
import { EDITIONS, EDITION_CODES, type EditionCode } from '../../common/editions'
import { fileStorage } from '../../server/integrations/storage/storage'
import { testDb } from '../helpers/db'
import { Client, startTestApp } from '../helpers/app'

/** What the edition's texts are written in: a letter only that language has, and the script. */
const LANGUAGE: Record<EditionCode, { script: 'cyrillic' | 'latin'; marker: RegExp }> = {
  ua: { script: 'cyrillic', marker: /[іїєґ]/i },
  kz: { script: 'cyrillic', marker: /[ыэъ]/i },
  pl: { script: 'latin', marker: /[ąęłńśźż]/i },
  us: { script: 'latin', marker: /\b(the|and|with)\b/ },
  in: { script: 'latin', marker: /\b(the|and|with)\b/ },
  ng: { script: 'latin', marker: /\b(the|and|with)\b/ },
  mx: { script: 'latin', marker: /[ñáéíóú]|\b(con|para|las)\b/ },
  es: { script: 'latin', marker: /[ñáéíóú]|\b(con|para|las)\b/ },
}
const CYRILLIC = /[\u0400-\u04FF]/

describe('demo marketplace per edition', () => {
  for (const code of EDITION_CODES)
    test(`${code}: a busy, local catalogue`, async () => {
      const h = await testDb()
      try {
        const ed = EDITIONS[code]
        await seedDemo(h.db, ed, null)
        const listed = await h.db
          .selectFrom('catalogue_listings as l')
          .innerJoin('tutors as t', 't.id', 'l.tutor_id')
          .select([
            't.id',
            't.name',
            't.description',
            't.short_description',
            't.university_name',
            't.review_count',
            't.review_avg',
          ])
          .distinct()
          .execute()
        expect(listed.length).toBeGreaterThanOrEqual(60)
        // The demo accounts' phones are numbers of the edition's country, as its form would take them.
        const phones = await h.db
          .selectFrom('people')
          .select('phone')
          .where('email', 'in', ['tutor@example.com', 'client@example.com', 'both@example.com'])
          .execute()
        expect(phones).toHaveLength(3)
        for (const { phone } of phones) {
          expect(zPhone(ed).parse(phone)).toBe(phone!)
          // Behind +1 an area code and an exchange start with 2–9 (a number "067…" is no number there).
          if (ed.phone.prefix === '+1') expect(phone).toMatch(/^[2-9]\d\d[2-9]\d{6}$/)
        }

        // Names and texts in the edition's language and script.
        const lang = LANGUAGE[code]
        for (const t of listed) {
          expect(t.name).toMatch(/^\S+ \S+$/)
          expect(CYRILLIC.test(t.name)).toBe(lang.script === 'cyrillic')
          expect(CYRILLIC.test(t.description)).toBe(lang.script === 'cyrillic')
          expect(t.university_name).not.toBe('')
          expect(t.short_description).not.toBe('')
        }
        expect(listed.filter((t) => lang.marker.test(t.description)).length).toBeGreaterThan(listed.length / 2)
        // Many different people, not one name repeated.
        expect(new Set(listed.map((t) => t.name)).size).toBeGreaterThanOrEqual(60)
        // Every person a name of their own: two cards (or a tutor and a client) with one name look like a copy.
        const people = (await h.db.selectFrom('people').select('name').execute()).map((p) => p.name)
        const repeated = people.filter((name, i) => people.indexOf(name) !== i)
        expect({ code, repeated }).toEqual({ code, repeated: [] })
        // The demo tutor account people sign in as is one of them: a finished profile, listed, priced.
        const accountTutor = await h.db
          .selectFrom('tutors as t')
          .innerJoin('people as p', 'p.id', 't.person_id')
          .select(['t.id', 't.price'])
          .where('p.email', '=', 'tutor@example.com')
          .executeTakeFirstOrThrow()
        expect(listed.map((t) => t.id)).toContain(accountTutor.id)
        expect(accountTutor.price).toBeGreaterThan(0)

        // /reviews looks alive: 10 to 20 published site reviews in the edition's language.
        const siteReviews = await h.db.selectFrom('site_reviews').select(['name', 'text', 'status']).execute()
        expect(siteReviews.length).toBeGreaterThanOrEqual(10)
        expect(siteReviews.length).toBeLessThanOrEqual(20)
        for (const r of siteReviews) {
          expect(r.status).toBe(1)
          expect(CYRILLIC.test(r.name + r.text)).toBe(lang.script === 'cyrillic')
        }
        expect(siteReviews.filter((r) => lang.marker.test(r.text)).length).toBeGreaterThan(siteReviews.length / 2)

        // The panel's e-mail and SMS templates: one per event in the edition's language, every {variable} known.
        const mails = await h.db.selectFrom('email_templates').select(['event', 'locale', 'subject', 'body']).execute()
        expect(mails.map((m) => m.event).sort()).toEqual([...MAIL_EVENT_NAMES].sort())
        for (const m of mails) {
          expect(m.locale).toBe(EDITIONS[code].defaultLocale)
          expect(unknownVariables(m.subject + m.body, mailVariables(m.event as MailEvent))).toEqual([])
        }
        const sms = await h.db.selectFrom('sms_templates').select(['event', 'locale', 'body']).execute()
        expect(sms.map((m) => m.event).sort()).toEqual([...SMS_EVENT_NAMES].sort())
        for (const m of sms) expect(unknownVariables(m.body, smsVariables(m.event as SmsEvent))).toEqual([])

        // Every subject has tutors in every city: every catalogue page a visitor can reach lists someone.
        const gaps = await h.db
          .selectFrom('lessons as l')
          .crossJoin('cities as c')
          .select(['l.alias as lesson', 'c.alias as city'])
          .where('l.edition', '=', code)
          .where('c.edition', '=', code)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('catalogue_listings as x')
                  .select('x.tutor_id')
                  .whereRef('x.lesson_id', '=', 'l.id')
                  .whereRef('x.city_id', '=', 'c.id'),
              ),
            ),
          )
          .execute()
        expect(gaps).toEqual([])

        // Prices in the edition's currency only.
        const currencies = await h.db.selectFrom('tutor_prices').select('currency').distinct().execute()
        expect(currencies.map((c) => c.currency)).toEqual([ed.currency])

        // Reviews come from paid orders of the same tutor, and the tutors' figures count them.
        const reviews = await h.db
          .selectFrom('reviews as r')
          .leftJoin('orders as o', 'o.id', 'r.order_id')
          .select(['r.id', 'r.tutor_id', 'r.text', 'o.status', 'o.tutor_id as order_tutor', 'o.review_id'])
          .execute()
        expect(reviews.length).toBeGreaterThanOrEqual(100)
        for (const r of reviews) {
          expect(r.status).toBe(7)
          expect(r.order_tutor).toBe(r.tutor_id)
          expect(r.review_id).toBe(r.id)
          expect(CYRILLIC.test(r.text)).toBe(lang.script === 'cyrillic')
        }
        const reviewed = listed.filter((t) => t.review_count > 0)
        expect(reviewed.length).toBeGreaterThan(listed.length / 2)
        for (const t of reviewed) expect(reviews.filter((r) => r.tutor_id === t.id)).toHaveLength(t.review_count)

        // A few TOP placements, active now.
        const tops = await h.db
          .selectFrom('tops')
          .select('id')
          .where('starts_at', '<=', sql<Date>`now()`)
          .where('ends_at', '>', sql<Date>`now()`)
          .execute()
        expect(tops.length).toBeGreaterThanOrEqual(3)

        // Wallets: paid top-ups, the fees of paid orders, the TOPs bought; no balance below zero.
        const entries = await h.db
          .selectFrom('wallet_entries')
          .select(['tutor_id', 'kind', 'amount_minor', 'currency', 'reference'])
          .execute()
        expect(new Set(entries.map((e) => e.kind))).toEqual(new Set(['top_up', 'order_fee', 'top_placement']))
        expect(new Set(entries.map((e) => e.currency))).toEqual(new Set([ed.currency]))
        const balances = new Map<number, number>()
        for (const e of entries) balances.set(e.tutor_id, (balances.get(e.tutor_id) ?? 0) + Number(e.amount_minor))
        expect([...balances.values()].filter((b) => b < 0)).toEqual([])
        const account = await h.db
          .selectFrom('tutors')
          .innerJoin('people', 'people.id', 'tutors.person_id')
          .select('tutors.id')
          .where('people.email', '=', 'tutor@example.com')
          .executeTakeFirstOrThrow()
        const own = entries.filter((e) => e.tutor_id === account.id).map((e) => e.kind)
        expect(own.sort()).toEqual(['order_fee', 'top_up', 'top_up'])
        const paidTops = await h.db.selectFrom('tops').select(['id', 'paid_amount']).execute()
        for (const top of paidTops) {
          expect(top.paid_amount).toBeGreaterThan(0)
          expect(entries.filter((e) => e.reference === `top:${top.id}`)).toHaveLength(1)
        }

        // Every order with an appointed tutor has its chat, in the edition's language, none in the future.
        const chats = await h.db
          .selectFrom('orders')
          .leftJoin('chat_messages as m', 'm.order_id', 'orders.id')
          .select([
            'orders.id',
            sql<number>`count(m.id)::int`.as('n'),
            sql<string>`string_agg(m.msg_text, ' ')`.as('text'),
          ])
          .where('orders.tutor_id', 'is not', null)
          .groupBy('orders.id')
          .execute()
        expect(chats.length).toBeGreaterThan(100)
        for (const c of chats) {
          expect(c.n).toBeGreaterThanOrEqual(4)
          expect(CYRILLIC.test(c.text)).toBe(lang.script === 'cyrillic')
        }
        expect(chats.filter((c) => lang.marker.test(c.text)).length).toBeGreaterThan(chats.length / 2)
        const future = await h.db
          .selectFrom('chat_messages')
          .select('id')
          .where('created_at', '>', sql<Date>`now()`)
          .execute()
        expect(future).toEqual([])
        // A story in order: no order talks before it was made or its tutor appointed, and each order's log
        // reads made, appointed, first lesson set.
        const early = await h.db
          .selectFrom('chat_messages as m')
          .innerJoin('orders as o', 'o.id', 'm.order_id')
          .select(['o.id', 'm.created_at', 'o.created_at as made', 'o.appointed_at'])
          .where((eb) =>
            eb.or([eb('m.created_at', '<', eb.ref('o.created_at')), eb('m.created_at', '<', eb.ref('o.appointed_at'))]),
          )
          .execute()
        expect(early).toEqual([])
        // Written in time order: a message's id is after every earlier one's (the chats list sorts by it).
        const backwards = await sql<{ n: number }>`select count(*)::int as n from (
            select created_at < lag(created_at) over (order by id) as back from chat_messages) m where back`.execute(
          h.db,
        )
        expect(backwards.rows[0]!.n).toBe(0)
        const steps = await h.db
          .selectFrom('order_events')
          .select(['order_id', 'action', 'at'])
          .where('action', 'in', ['order.create', 'appoint_tutor', 'set_first_class'])
          .orderBy('order_id')
          .orderBy('id')
          .execute()
        const rank = { 'order.create': 0, appoint_tutor: 1, set_first_class: 2 } as Record<string, number>
        for (let i = 1; i < steps.length; i++) {
          const [a, b] = [steps[i - 1]!, steps[i]!]
          if (a.order_id === b.order_id && rank[a.action]! < rank[b.action]!)
            expect(new Date(a.at).getTime()).toBeLessThanOrEqual(new Date(b.at).getTime())
        }
      } finally {
        await h.close()
      }
    })
})

test('catalogue slugs are in the edition language: /korepetycje/matematyka/, not the English word', async () => {
  const expected: Partial<Record<EditionCode, string>> = {
    pl: 'matematyka',
    kz: 'matematika',
    mx: 'matematicas',
    es: 'matematicas',
    ua: 'mathematics',
    us: 'mathematics',
  }
  for (const [code, alias] of Object.entries(expected) as [EditionCode, string][]) {
    const h = await testDb()
    try {
      await seedDemo(h.db, EDITIONS[code], null)
      const first = await h.db
        .selectFrom('lessons')
        .select('alias')
        .where('edition', '=', code)
        .orderBy('sort')
        .limit(1)
        .executeTakeFirstOrThrow()
      expect(first.alias).toBe(alias)
    } finally {
      await h.close()
    }
  }
})

test('regions come with the schema: a migrated database without demo data has every edition’s regions', async () => {
  const h = await testDb()
  try {
    for (const code of EDITION_CODES) {
      const n = await h.db
        .selectFrom('regions')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('edition', '=', code)
        .executeTakeFirstOrThrow()
      expect(n.n).toBeGreaterThanOrEqual(3)
    }
    // Names are objects {locale: text} on both drivers (PostgreSQL once stored them as a JSON string).
    const kinds = await sql<{
      kind: string
      n: number
    }>`select jsonb_typeof(names) as kind, count(*)::int as n from regions group by 1`.execute(h.db)
    expect(kinds.rows.map((r) => r.kind)).toEqual(['object'])
    const pl = await h.db
      .selectFrom('regions')
      .select('names')
      .where('edition', '=', 'pl')
      .where('alias', '=', 'mazowieckie')
      .executeTakeFirst()
    expect(pl?.names).toMatchObject({ pl: expect.any(String) })
    const pages = await sql<{ kind: string }>`select distinct jsonb_typeof(titles) as kind from static_pages`.execute(
      h.db,
    )
    expect(pages.rows).toEqual([{ kind: 'object' }])
    expect(await h.db.selectFrom('cities').select('id').limit(1).execute()).toEqual([])
    // A database migrated before that fix is mended by migration 0032.
    await sql`update regions set names = to_jsonb(names::text) where edition = 'pl' and alias = 'mazowieckie'`.execute(
      h.db,
    )
    expect(
      (
        await sql<{
          kind: string
        }>`select jsonb_typeof(names) as kind from regions where alias = 'mazowieckie'`.execute(h.db)
      ).rows,
    ).toEqual([{ kind: 'string' }])
    await jsonbRepair.up(h.db)
    expect(
      (await h.db.selectFrom('regions').select('names').where('alias', '=', 'mazowieckie').executeTakeFirstOrThrow())
        .names,
    ).toEqual({ pl: 'Mazowieckie', en: 'Masovian' })
  } finally {
    await h.close()
  }
})

test('photos load: demo avatars answer 200 image/jpeg; bulk tutors have no photo URL that 404s', async () => {
  const app = await startTestApp({ site: 'pl' })
  try {
    await seedDemo(app.services.db, EDITIONS.pl, fileStorage(app.services.env))
    const anon = new Client(app.url)
    const page = await anon.api.get('/client/tutors?lesson=matematyka&city=warszawa')
    expect(page.status).toBe(200)
    const items = page.json.data.items as { avatar: { url: string; preview_url: string } | null }[]
    const withPhoto = items.filter((t) => t.avatar)
    expect(withPhoto.length).toBeGreaterThan(0)
    for (const t of withPhoto)
      for (const url of [t.avatar!.url, t.avatar!.preview_url]) {
        const res = await fetch(app.url + url)
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toBe('image/jpeg')
      }
    await seedBulkTutors(app.services.db, EDITIONS.pl, 12)
    const bulk = await app.services.db
      .selectFrom('tutors')
      .innerJoin('people', 'people.id', 'tutors.person_id')
      .select('avatar_url')
      .where('people.email', 'like', 'bulk-%')
      .execute()
    expect(bulk).toHaveLength(12)
    expect(bulk.every((t) => t.avatar_url === null)).toBe(true)
  } finally {
    await app.close()
  }
})
