// E-mail templates, e-mail profiles and SMS templates (docs/api.md#admin-e-mail-and-sms-templates "Emails", "SMS"):
// every call; an unknown {variable} refused with a field error; one template per event and
// language; the profile's SMTP URL encrypted at rest and never answered in clear; send_test through the
// real transport (nodemailer to an SMTP server this test starts); the product's own e-mail and SMS
// sends use the stored template of their event and language (falling back to the built-in text).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { decryptSecret } from '../../server/domain/money/merchants'
import { mailCipherKey } from '../../server/domain/messages/email-profiles'
import { Client, makePerson, makeStaff, signedIn, useTestApp, type TestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'
import { type Ref, referenceFixture } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'
import { SmtpSink } from '../helpers/smtp-sink-restartable'
import { waitFor } from '../helpers/wait'

const app = useTestApp()
let sink: SmtpSink
let ref: Ref
beforeAll(async () => {
  sink = await new SmtpSink().start()
  ref = await referenceFixture(app.services.db)
})
afterAll(() => sink.stop())

async function staff(t: TestApp, status: 1 | 2 | 3 | 4) {
  const s = await makeStaff(t, status)
  return { ...s, c: await signedIn(t, { staff: s.email }) }
}

const TEMPLATE = {
  event: 'personal_order' as const,
  locale: 'ua' as const,
  subject: 'Заявка №{order_id} — {site}',
  body: 'Вітаємо! {client_name} чекає: {link}',
  profile_id: null,
}

describe('access', () => {
  test('emails: staff 1, 3, 4; sms: staff 1, 3, 4; staff 2, a tutor and anonymous refused', async () => {
    for (const status of [1, 3, 4] as const) {
      const { c } = await staff(app, status)
      expect((await c.api.post('/admin/email/emails/get', { page: 1, filters: {} })).status).toBe(200)
      expect((await c.api.get('/admin/email/profiles/get?page=1')).status).toBe(200)
      expect((await c.api.post('/admin/smslist/get', { page: 1, filters: {} })).status).toBe(200)
    }
    const { c: s2 } = await staff(app, 2)
    expect((await s2.api.post('/admin/email/emails/get', { page: 1, filters: {} })).status).toBe(403)
    expect((await s2.api.post('/admin/smslist/get', { page: 1, filters: {} })).status).toBe(403)
    const tutor = await makePerson(app, { tutor: true })
    expect(
      (await (await signedIn(app, { tutor: tutor.email })).api.post('/admin/email/email/create', { email: TEMPLATE }))
        .status,
    ).toBe(403)
    expect(
      (
        await new Client(app.url).api.post('/admin/sms/create', {
          sms: { event: 'login_code', locale: 'ua', body: '{code}' },
        })
      ).status,
    ).toBe(401)
  })
})

describe('e-mail templates', () => {
  test('create, get, list with filters, save, delete; audited', async () => {
    const { c } = await staff(app, 1)
    const created = await c.api.post('/admin/email/email/create', {
      email: { ...TEMPLATE, event: 'confirm', subject: 'Підтвердіть адресу на {site}', body: 'Посилання: {link}' },
    })
    expect(created.status).toBe(200)
    const e = created.json.data
    expect(e).toMatchObject({
      event: 'confirm',
      locale: 'ua',
      subject: 'Підтвердіть адресу на {site}',
      body: 'Посилання: {link}',
      profile_id: null,
      profile_name: null,
    })
    expect(e.variables).toEqual(['link', 'site', 'site_url'])
    expect((await c.api.get(`/admin/email/email/get?id=${e.id}`)).json.data).toEqual(e)

    // one per event and language
    const dup = await c.api.post('/admin/email/email/create', {
      email: { ...TEMPLATE, event: 'confirm', subject: 'x', body: 'y' },
    })
    expect(dup.status).toBe(422)
    expect(Object.keys(fieldErrors(dup.json))).toEqual(['email.event'])
    const en = await c.api.post('/admin/email/email/create', {
      email: { ...TEMPLATE, event: 'confirm', locale: 'en', subject: 'Confirm', body: 'Open {link}' },
    })
    expect(en.status).toBe(200)

    const byEvent = await c.api.post('/admin/email/emails/get', { page: 1, filters: { event: 'confirm' } })
    expect(byEvent.json.data.items.map((x) => x.locale).sort()).toEqual(['en', 'ua'])
    const byLocale = await c.api.post('/admin/email/emails/get', {
      page: 1,
      filters: { event: 'confirm', locale: 'en' },
    })
    expect(byLocale.json.data).toMatchObject({ total: 1, page: 1 })
    expect(byLocale.json.data.items[0]!.id).toBe(en.json.data.id)

    const saved = await c.api.post('/admin/email/email/save', {
      id: e.id,
      email: { event: 'confirm', locale: 'ua', subject: 'Нова тема', body: 'Нове посилання: {link}', profile_id: null },
    })
    expect(saved.json.data).toMatchObject({ id: e.id, subject: 'Нова тема', body: 'Нове посилання: {link}' })
    // the id inside the entity works too
    expect(
      (
        await c.api.post('/admin/email/email/save', {
          email: { id: e.id, event: 'confirm', locale: 'ua', subject: 'Тема 3', body: '{link}' },
        })
      ).json.data.subject,
    ).toBe('Тема 3')
    // save onto another template's event+language is 'taken'
    const clash = await c.api.post('/admin/email/email/save', {
      id: en.json.data.id,
      email: { event: 'confirm', locale: 'ua', subject: 'x', body: 'y' },
    })
    expect(clash.status).toBe(422)

    expect((await c.api.post(`/admin/email/email/delete?id=${en.json.data.id}`, {})).json.data).toEqual({
      deleted: true,
    })
    expect((await c.api.get(`/admin/email/email/get?id=${en.json.data.id}`)).status).toBe(404)
    expect((await c.api.post(`/admin/email/email/delete?id=${en.json.data.id}`, {})).status).toBe(404)
    expect(
      (
        await c.api.post('/admin/email/email/save', {
          id: en.json.data.id,
          email: { event: 'confirm', locale: 'en', subject: 'x', body: 'y' },
        })
      ).status,
    ).toBe(404)
    await c.api.post(`/admin/email/email/delete?id=${e.id}`, {})

    const log = await app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'email_template')
      .where('entity_id', '=', e.id)
      .orderBy('id')
      .execute()
    expect(log.map((a) => a.action)).toEqual([
      'email_template.create',
      'email_template.save',
      'email_template.save',
      'email_template.delete',
    ])
  })

  test('an unknown {variable} in the subject or body is a 422 on that field; a bad event or language too', async () => {
    const { c } = await staff(app, 1)
    const body = await c.raw.post('/admin/email/email/create', {
      email: { ...TEMPLATE, body: 'Hello {client_name}, your {coupon}' },
    })
    expect(body.status).toBe(422)
    const errs = fieldErrors(body.json)
    expect(Object.keys(errs)).toEqual(['email.body'])
    expect(errs['email.body']![0]).toContain('{coupon}')
    const subject = await c.raw.post('/admin/email/email/create', { email: { ...TEMPLATE, subject: '{code}' } })
    expect(Object.keys(fieldErrors(subject.json))).toEqual(['email.subject'])
    // {code} belongs to login_code: allowed there
    expect(
      (
        await c.api.post('/admin/email/email/create', {
          email: { ...TEMPLATE, event: 'login_code', subject: 'Код {code}', body: '{code} · {site_url}' },
        })
      ).status,
    ).toBe(200)
    const bad = await c.raw.post('/admin/email/email/create', {
      email: { event: 'nope', locale: 'xx', subject: '', body: '' },
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(fieldErrors(bad.json)).sort()).toEqual([
      'email.body',
      'email.event',
      'email.locale',
      'email.subject',
    ])
    const noProfile = await c.raw.post('/admin/email/email/create', {
      email: { ...TEMPLATE, event: 'new_password', subject: 'x', body: '{password}', profile_id: 999999 },
    })
    expect(Object.keys(fieldErrors(noProfile.json))).toEqual(['email.profile_id'])
    expect((await c.raw.post('/admin/email/emails/get', { page: 1, filters: { event: 'nope' } })).status).toBe(422)
  })
})

describe('e-mail profiles', () => {
  test('create, get, list, save, delete; the SMTP URL encrypted at rest and answered masked only', async () => {
    const { c } = await staff(app, 1)
    const url = 'smtp://mailer:s3cret-Pa55@smtp.example.com:587'
    const created = await c.api.post('/admin/email/profile/create', {
      profile: { name: 'Маркетинг', from_name: 'Tutors', from_email: 'News@Example.com', smtp_url: url },
    })
    expect(created.status).toBe(200)
    expect(created.text).not.toContain('s3cret-Pa55')
    const p = created.json.data
    expect(p).toMatchObject({
      name: 'Маркетинг',
      from_name: 'Tutors',
      from_email: 'news@example.com',
      smtp_url_masked: 'smtp://mailer:•••@smtp.example.com:587',
    })
    const row = await app.services.db
      .selectFrom('email_profiles')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    expect(row.smtp_url_enc).not.toContain('s3cret')
    expect(Buffer.from(row.smtp_url_enc, 'base64url').toString('latin1')).not.toContain('s3cret')
    expect(decryptSecret(mailCipherKey(app.services.env), row.smtp_url_enc)).toBe(url)

    const got = await c.api.get(`/admin/email/profile/get?id=${p.id}`)
    expect(got.json.data).toEqual(p)
    const list = await c.api.get('/admin/email/profiles/get?page=1')
    expect(list.json.data.items.map((x) => x.id)).toContain(p.id)
    expect(list.text).not.toContain('s3cret')

    // save without a URL keeps it; with one replaces it
    const kept = await c.api.post('/admin/email/profile/save', {
      id: p.id,
      profile: { name: 'Маркетинг 2', from_name: 'Tutors', from_email: 'news@example.com', smtp_url: '' },
    })
    expect(kept.json.data).toMatchObject({
      name: 'Маркетинг 2',
      smtp_url_masked: 'smtp://mailer:•••@smtp.example.com:587',
    })
    await c.api.post('/admin/email/profile/save', {
      profile: {
        id: p.id,
        name: 'Маркетинг 2',
        from_name: 'Tutors',
        from_email: 'news@example.com',
        smtp_url: 'smtps://other:pw2@mx.example.org:465',
      },
    })
    const replaced = await app.services.db
      .selectFrom('email_profiles')
      .select('smtp_url_enc')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    expect(decryptSecret(mailCipherKey(app.services.env), replaced.smtp_url_enc)).toBe(
      'smtps://other:pw2@mx.example.org:465',
    )

    const bad = await c.raw.post('/admin/email/profile/create', {
      profile: { name: '', from_name: 'x', from_email: 'not-an-email', smtp_url: 'http://x' },
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(fieldErrors(bad.json)).sort()).toEqual([
      'profile.from_email',
      'profile.name',
      'profile.smtp_url',
    ])

    // a template names the profile; deleting the profile leaves the template on the default sender
    const tpl = await c.api.post('/admin/email/email/create', {
      email: { ...TEMPLATE, event: 'site_review', subject: 'Відгук', body: '{name}: {link}', profile_id: p.id },
    })
    expect(tpl.json.data).toMatchObject({ profile_id: p.id, profile_name: 'Маркетинг 2' })
    expect((await c.api.post(`/admin/email/profile/delete?id=${p.id}`, {})).json.data).toEqual({ deleted: true })
    expect((await c.api.get(`/admin/email/profile/get?id=${p.id}`)).status).toBe(404)
    expect((await c.api.get(`/admin/email/email/get?id=${tpl.json.data.id}`)).json.data).toMatchObject({
      profile_id: null,
      profile_name: null,
    })
    await c.api.post(`/admin/email/email/delete?id=${tpl.json.data.id}`, {})

    const log = await app.services.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('entity', '=', 'email_profile')
      .where('entity_id', '=', p.id)
      .orderBy('id')
      .execute()
    expect(log.map((a) => a.action)).toEqual([
      'email_profile.create',
      'email_profile.save',
      'email_profile.save',
      'email_profile.delete',
    ])
    expect(JSON.stringify(log)).not.toContain('s3cret')
    expect(JSON.stringify(log)).not.toContain('pw2')
  })
})

describe('sending through the SMTP sink', () => {
  test('send_test delivers the template rendered with sample values to the signed-in staff member, from the profile', async () => {
    const { c, email } = await staff(app, 1)
    const profile = await c.api.post('/admin/email/profile/create', {
      profile: {
        name: 'Sink',
        from_name: 'Репетитори',
        from_email: 'hello@tutors.test',
        smtp_url: sink.urlWith('sinkuser', 'sink-pass'),
      },
    })
    const tpl = await c.api.post('/admin/email/email/create', {
      email: {
        event: 'password_reset',
        locale: 'ua',
        subject: 'Код відновлення {code} — {site}',
        body: 'Ваш код: {code}.\nСайт: {site_url}',
        profile_id: profile.json.data.id,
      },
    })
    expect(tpl.status).toBe(200)
    const sent = await c.api.post('/admin/email/email/send_test', { id: tpl.json.data.id })
    expect(sent.status).toBe(200)
    expect(sent.json.data).toEqual({ sent: true, to: email, transport: 'smtp' })
    const mail = await waitFor(() => sink.mails.find((m) => m.to.includes(email)))
    expect(mail.subject).toBe(`Код відновлення 482913 — ${app.services.edition.siteName}`)
    expect(mail.text).toBe(`Ваш код: 482913.\nСайт: ${app.url}`)
    expect(mail.from).toBe('hello@tutors.test')
    expect(mail.headers.from).toContain('hello@tutors.test')
    expect(mail.user).toBe('sinkuser')
    // recorded as sent
    const row = await app.services.db
      .selectFrom('outbox')
      .select(['status', 'transport'])
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'sent', transport: 'smtp' })

    // the SMTP server down: send_test fails (the staff member is told), the outbox says failed
    const dead = await c.api.post('/admin/email/profile/save', {
      id: profile.json.data.id,
      profile: {
        name: 'Sink',
        from_name: 'Репетитори',
        from_email: 'hello@tutors.test',
        smtp_url: 'smtp://127.0.0.1:9',
      },
    })
    expect(dead.status).toBe(200)
    const failed = await c.raw.post('/admin/email/email/send_test', { id: tpl.json.data.id })
    expect(failed.status).toBe(500)
    expect((await c.raw.post('/admin/email/email/send_test', { id: 999999 })).status).toBe(404)
    await c.api.post(`/admin/email/email/delete?id=${tpl.json.data.id}`, {})
  })

  test('a real order e-mail (a personal request to a tutor) arrives rendered from the edited template; without one, the built-in text', async () => {
    const { c } = await staff(app, 1)
    const tutor = await makePerson(app, { tutor: true })
    const visitor = { name: 'Марія', email: 'maria.tpl@example.com', phone: '+38 (063) 200-00-01' }
    const request = (email: string) =>
      new Client(app.url).api.post('/client/make_personal_request', {
        request: {
          tutor_id: tutor.tutorId,
          ...visitor,
          email,
          lesson_id: ref.lessons.math,
          form_location: ['online'],
          description: 'Алгебра',
        },
      })

    // no template: the built-in text through the site's transport (the outbox here)
    const first = await request('maria.tpl1@example.com')
    expect(first.status).toBe(200)
    const builtIn = await app.services.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', tutor.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(builtIn.subject).toBe('Нова персональна заявка')

    const profile = await c.api.post('/admin/email/profile/create', {
      profile: { name: 'Orders', from_name: 'Заявки', from_email: 'orders@tutors.test', smtp_url: sink.url },
    })
    const tpl = await c.api.post('/admin/email/email/create', {
      email: { ...TEMPLATE, profile_id: profile.json.data.id },
    })
    expect(tpl.status).toBe(200)
    // a staff edit changes what is sent
    await c.api.post('/admin/email/email/save', {
      id: tpl.json.data.id,
      email: {
        ...TEMPLATE,
        subject: 'Персональна заявка №{order_id}',
        body: '{client_name} обрала вас. Відповісти: {link}',
        profile_id: profile.json.data.id,
      },
    })
    const second = await request('maria.tpl2@example.com')
    expect(second.status).toBe(200)
    const order = await app.services.db
      .selectFrom('orders')
      .select('id')
      .where('client_email', '=', 'maria.tpl2@example.com')
      .executeTakeFirstOrThrow()
    const mail = await waitFor(() => sink.mails.find((m) => m.to.includes(tutor.email)))
    expect(mail.subject).toBe(`Персональна заявка №${order.id}`)
    expect(mail.text).toBe(`Марія обрала вас. Відповісти: ${app.url}/zayavka/${order.id}/`)
    expect(mail.from).toBe('orders@tutors.test')

    // another language has no template: the built-in text
    await c.api.post(`/admin/email/email/delete?id=${tpl.json.data.id}`, {})
    await request('maria.tpl3@example.com')
    const again = await app.services.db
      .selectFrom('outbox')
      .select(['subject'])
      .where('recipient', '=', tutor.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(again.subject).toBe('Нова персональна заявка')
  })
})

describe('SMS templates', () => {
  test('create, get, list, save, delete; an unknown variable refused; the order SMS use the template', async () => {
    const { c } = await staff(app, 3)
    const created = await c.api.post('/admin/sms/create', {
      sms: { event: 'order_client', locale: 'ua', body: '{site}: заявка {order} у роботі' },
    })
    expect(created.status).toBe(200)
    const s = created.json.data
    expect(s).toMatchObject({
      event: 'order_client',
      locale: 'ua',
      body: '{site}: заявка {order} у роботі',
      variables: ['order', 'site', 'site_url'],
    })
    expect((await c.api.get(`/admin/sms/get?id=${s.id}`)).json.data).toEqual(s)
    const bad = await c.raw.post('/admin/sms/create', {
      sms: { event: 'order_tutor', locale: 'ua', body: 'Заявка {order}, {tutor}' },
    })
    expect(bad.status).toBe(422)
    expect(fieldErrors(bad.json)['sms.body']![0]).toContain('{tutor}')
    expect(
      (await c.api.post('/admin/sms/create', { sms: { event: 'order_client', locale: 'ua', body: 'x' } })).status,
    ).toBe(422)
    const list = await c.api.post('/admin/smslist/get', { page: 1, filters: { event: 'order_client', locale: 'ua' } })
    expect(list.json.data).toMatchObject({ total: 1, page: 1 })

    const saved = await c.api.post('/admin/sms/save', {
      id: s.id,
      sms: { event: 'order_client', locale: 'ua', body: 'Заявка №{order} прийнята — {site}' },
    })
    expect(saved.json.data.body).toBe('Заявка №{order} прийнята — {site}')

    // staff's sms_client uses it
    const { c: manager } = await staff(app, 1)
    const { orderId } = await makeOrder(app)
    const phone = (
      await app.services.db
        .selectFrom('orders')
        .select('client_phone')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).client_phone
    expect((await manager.api.post(`/admin/order/sms_client?order_id=${orderId}`)).status).toBe(200)
    const sms = await app.services.db
      .selectFrom('outbox')
      .select('body')
      .where('channel', '=', 'sms')
      .where('recipient', '=', `+38${phone}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(sms.body).toBe(`Заявка №${orderId} прийнята — ${app.services.edition.siteName}`)

    expect((await c.api.post(`/admin/sms/delete?id=${s.id}`, {})).json.data).toEqual({ deleted: true })
    expect((await c.api.get(`/admin/sms/get?id=${s.id}`)).status).toBe(404)
    // deleted: the built-in text again
    expect((await manager.api.post(`/admin/order/sms_client?order_id=${orderId}`)).status).toBe(200)
    const builtIn = await app.services.db
      .selectFrom('outbox')
      .select('body')
      .where('channel', '=', 'sms')
      .where('recipient', '=', `+38${phone}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(builtIn.body).toBe(`Ваша заявка №${orderId} прийнята. Ми підберемо репетитора і зв'яжемося з вами.`)
    const log = await app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'sms_template')
      .where('entity_id', '=', s.id)
      .orderBy('id')
      .execute()
    expect(log.map((a) => a.action)).toEqual(['sms_template.create', 'sms_template.save', 'sms_template.delete'])
  })
})
