// A tutor's first day over the API: the terms accepted on registering (and recorded with each page's
// version), the welcome / live / sent-back notices on the bell and by e-mail, the send-back's reason, and
// the snapshot an approval keeps. E-mails are read from the outbox (no SMTP_URL here).
import { describe, expect, test } from 'bun:test'
import { Client, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'

const app = useTestApp()
let seq = 0

async function register(extra: Record<string, unknown> = { accept_terms: true }) {
  const n = `${Date.now() % 100000}${seq++}`
  const email = `onboarding-${n}@example.com`
  const c = new Client(app.url)
  const res = await c.api.post('/tutor/register', {
    name: 'Оксана Первоцвіт',
    email,
    phone: `067${n.padStart(7, '0').slice(-7)}`,
    password: 'long-enough-pass',
    ...extra,
  })
  return { c, res, email }
}

const mailsTo = (email: string) =>
  app.services.db
    .selectFrom('outbox')
    .select(['subject', 'body'])
    .where('recipient', '=', email)
    .where('channel', '=', 'email')
    .orderBy('id')
    .execute()

async function bell(c: Client) {
  const res = await c.api.get('/tutor/on_site_notifications')
  expect(res.status).toBe(200)
  return res.json.data
}

describe('terms on registration', () => {
  test('refused without the ticked box, with a message that says what to do', async () => {
    for (const extra of [{}, { accept_terms: false }, { accept_terms: 'no' }]) {
      const { res } = await register(extra)
      expect(res.status).toBe(422)
      expect(fieldErrors(res.json).accept_terms).toEqual([
        'Щоб продовжити, прийміть умови оферти та політику конфіденційності',
      ])
    }
  })

  test('the acceptance is recorded: the offer and privacy pages with their versions, the time and the address', async () => {
    const before = Date.now()
    const { res, email } = await register()
    expect(res.status).toBe(200)
    const db = app.services.db
    const person = await db.selectFrom('people').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    const rows = await db.selectFrom('terms_acceptances').selectAll().where('person_id', '=', person.id).execute()
    expect(rows).toHaveLength(1)
    const row = rows[0]!
    expect(row.role).toBe('tutor')
    expect(row.edition).toBe('ua')
    expect(row.ip).toBeTruthy()
    expect(new Date(row.accepted_at).getTime()).toBeGreaterThanOrEqual(before - 5000)
    const pages = await db
      .selectFrom('static_pages')
      .select(['alias', 'updated_at'])
      .where('edition', '=', 'ua')
      .where('alias', 'in', ['oferta', 'pp'])
      .execute()
    const version = (alias: string) => {
      const p = pages.find((x) => x.alias === alias)
      return p ? new Date(p.updated_at).toISOString() : null
    }
    expect(row.documents).toEqual([
      { alias: 'oferta', version: version('oferta') },
      { alias: 'pp', version: version('pp') },
    ])
    expect(version('oferta')).not.toBeNull()
    const tutor = await db
      .selectFrom('tutors')
      .select('terms_confirmed_at')
      .where('id', '=', res.json.data!.tutor_id)
      .executeTakeFirstOrThrow()
    expect(tutor.terms_confirmed_at).not.toBeNull()
  })
})

describe('notifications of the first day', () => {
  test('registering rings the bell and sends a welcome with the next steps beside the confirmation', async () => {
    const { c, res, email } = await register()
    expect(res.status).toBe(200)
    const b = await bell(c)
    expect(b.admin_notifications).toEqual([expect.objectContaining({ kind: 'profile_welcome', id: null, name: '' })])
    const mails = await mailsTo(email)
    const welcome = mails.find((m) => m.subject === 'Вітаємо на Tutors UA! Що далі')
    expect(welcome).toBeDefined()
    expect(welcome!.body).toContain('Оксана')
    expect(welcome!.body).toContain('протягом одного робочого дня')
    expect(welcome!.body).toContain(`${app.url}/profile`)
    expect(mails.map((m) => m.subject)).toContain('Підтвердіть e-mail')
  })

  test('send back: the reason on the bell, in the e-mail and the activity log; too short a reason is a 422', async () => {
    const { c, res, email } = await register()
    const tutorId = res.json.data!.tutor_id
    const staff = await makeStaff(app, 1)
    const s = await signedIn(app, { staff: staff.email })

    const short = await s.api.post('/admin/tutor/send_back', { tutor_id: tutorId, reason: 'no' })
    expect(short.status).toBe(422)
    expect(fieldErrors(short.json).reason).toEqual(['Від 5 до 1000 символів'])

    const reason = 'Додайте фото, на якому видно обличчя'
    const back = await s.api.post('/admin/tutor/send_back', { tutor_id: tutorId, reason })
    expect(back.status).toBe(200)
    expect(back.json.data).toEqual({ tutor_id: tutorId, reason })

    const b = await bell(c)
    expect(b.admin_notifications).toContainEqual(
      expect.objectContaining({ kind: 'profile_sent_back', reason, id: null }),
    )
    const mail = (await mailsTo(email)).find((m) => m.subject === 'Анкету повернуто на доробку')
    expect(mail?.body).toContain(`Причина: ${reason}`)
    const row = await app.services.db
      .selectFrom('tutors')
      .select(['sent_back_reason', 'sent_back_at'])
      .where('id', '=', tutorId)
      .executeTakeFirstOrThrow()
    expect(row.sent_back_reason).toBe(reason)
    expect(row.sent_back_at).not.toBeNull()
    const log = await app.services.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('entity', '=', 'tutor')
      .where('entity_id', '=', tutorId)
      .where('action', '=', 'tutor.send_back')
      .execute()
    expect(log).toHaveLength(1)

    // A tutor may not send anyone back.
    expect((await c.api.post('/admin/tutor/send_back', { tutor_id: tutorId, reason })).status).toBe(403)
  })

  test('approval: "you are live" with the public address, the send-back is over, the approved profile is kept', async () => {
    const { c, res, email } = await register()
    const tutorId = res.json.data!.tutor_id
    const staff = await makeStaff(app, 1)
    const s = await signedIn(app, { staff: staff.email })
    await s.api.post('/admin/tutor/send_back', { tutor_id: tutorId, reason: 'Опишіть досвід докладніше' })

    const pub = await s.api.post('/admin/tutor/publish', { tutor_id: tutorId })
    expect(pub.status).toBe(200)
    const b = await bell(c)
    expect(b.admin_notifications.map((n: { kind?: string }) => n.kind)).toContain('profile_live')
    const live = (await mailsTo(email)).find((m) => m.subject === 'Ваша анкета в каталозі')
    expect(live?.body).toContain(`${app.url}/user-${tutorId}/`)
    const row = await app.services.db
      .selectFrom('tutors')
      .select(['sent_back_reason', 'approved_at', 'approved_snapshot'])
      .where('id', '=', tutorId)
      .executeTakeFirstOrThrow()
    expect(row.sent_back_reason).toBeNull()
    expect(row.approved_at).not.toBeNull()
    expect(row.approved_snapshot).toMatchObject({ name: 'Оксана Первоцвіт', subjects: [], prices: [] })

    // Unpublishing tells nobody anything new.
    const count = (await mailsTo(email)).length
    expect((await s.api.post('/admin/tutor/publish', { tutor_id: tutorId, value: 0 })).status).toBe(200)
    expect((await mailsTo(email)).length).toBe(count)
  })

  test('a template staff stored for the event replaces the built-in e-mail', async () => {
    await app.services.db
      .insertInto('email_templates')
      .values({
        event: 'tutor_live',
        locale: 'ua',
        subject: 'Ви в каталозі, {name}!',
        body: 'Сторінка: {link} — {site}',
      })
      .execute()
    const { res, email } = await register()
    const tutorId = res.json.data!.tutor_id
    const staff = await makeStaff(app, 1)
    const s = await signedIn(app, { staff: staff.email })
    expect((await s.api.post('/admin/tutor/publish', { tutor_id: tutorId })).status).toBe(200)
    const mail = (await mailsTo(email)).find((m) => m.subject === 'Ви в каталозі, Оксана!')
    expect(mail?.body).toBe(`Сторінка: ${app.url}/user-${tutorId}/ — Tutors UA`)
    await app.services.db.deleteFrom('email_templates').where('event', '=', 'tutor_live').execute()
  })
})
