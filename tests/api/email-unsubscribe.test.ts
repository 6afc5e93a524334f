// Marketing e-mail and unsubscribing (docs/api.md#other-public-calls `POST /api/email_unsubscribe?token`;
// item 2): a marketing mail carries RFC 8058 one-click unsubscribe (List-Unsubscribe with
// the link, List-Unsubscribe-Post) and the link in its text; the one-click POST unsubscribes once (again:
// the same answer, nothing changes); a later marketing mail to that address is skipped while transactional
// mail still goes. Delivered through a real SMTP server (the sink) to see the headers on the wire.
import { afterAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { Client, makePerson, useTestApp } from '../helpers/app'
import { SmtpSink } from '../helpers/smtp-sink-restartable'
import { waitFor } from '../helpers/wait'
import { sendMarketingMail, unsubscribeKey, unsubscribeToken } from '../../server/domain/messages/marketing'
import { systemScope } from '../../server/domain/shared/scope'

const sink = await new SmtpSink().start()
afterAll(() => sink.stop())
const app = useTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Tutors <robot@tutors.test>' } })
const db = () => app.services.db

const marketing = (to: string, subject = 'Новини сайту') =>
  sendMarketingMail(
    systemScope(db(), app.services.edition),
    { to, list: 'news', subject, text: 'Нові репетитори цього тижня.' },
    { mail: app.services.mail, origin: app.url, key: unsubscribeKey(app.services.env) },
  )
const mailsTo = (to: string) => sink.mails.filter((m) => m.to.includes(to))
const oneClick = (link: string) =>
  new Client(app.url).request('POST', new URL(link).pathname + new URL(link).search, {
    form: { 'List-Unsubscribe': 'One-Click' },
  })

describe('marketing e-mail and one-click unsubscribe', () => {
  test('the mail carries List-Unsubscribe (the link) and List-Unsubscribe-Post, and the link in its text', async () => {
    const to = 'reader.one@example.com'
    expect(await marketing(to)).toEqual({ sent: true, reason: null })
    const [mail] = await waitFor(() => (mailsTo(to).length ? mailsTo(to) : null), {
      timeout: 20_000,
      what: 'the marketing mail at the sink',
    })
    const header = mail!.headers['list-unsubscribe']!
    expect(header).toMatch(new RegExp(`^<${app.url.replace(/[.]/g, '\\.')}/api/email_unsubscribe\\?token=[^>]+>$`))
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    const link = header.slice(1, -1)
    expect(mail!.text).toContain(link)
    // The outbox keeps the headers too.
    const row = await db().selectFrom('outbox').select('headers').where('recipient', '=', to).executeTakeFirstOrThrow()
    expect(row.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })

  test('one-click unsubscribes once; a second time answers the same and changes nothing; later marketing is skipped, transactional mail still goes', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const to = tutor.email
    await marketing(to)
    const [mail] = await waitFor(() => (mailsTo(to).length ? mailsTo(to) : null), {
      timeout: 20_000,
      what: 'the marketing mail',
    })
    const link = mail!.headers['list-unsubscribe']!.slice(1, -1)

    const first = await oneClick(link)
    expect(first.status).toBe(200)
    expect(first.json).toEqual({ status: 'success', data: { email: to, list: 'news', unsubscribed: true } })
    const audits = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from audit_log where action = 'email.unsubscribe'`.execute(
          db(),
        )
      ).rows[0]!.n
    const auditsAfterFirst = await audits()
    const rows = () =>
      db().selectFrom('email_unsubscribes').select(['email', 'list', 'created_at']).where('email', '=', to).execute()
    const [row] = await rows()
    expect(row).toMatchObject({ email: to, list: 'news' })
    // The tutor's own e-mail subscription switch follows.
    expect(
      (
        await db()
          .selectFrom('tutors')
          .select('email_subscribe')
          .where('id', '=', tutor.tutorId!)
          .executeTakeFirstOrThrow()
      ).email_subscribe,
    ).toBe(false)

    const second = await oneClick(link)
    expect(second.status).toBe(200)
    expect(second.json).toEqual(first.json)
    expect(await rows()).toEqual([row!])
    expect(await audits()).toBe(auditsAfterFirst)

    // A later marketing mail is skipped: nothing stored, nothing sent.
    const outboxBefore = await db().selectFrom('outbox').select('id').where('recipient', '=', to).execute()
    expect(await marketing(to, 'Ще новини')).toEqual({ sent: false, reason: 'unsubscribed' })
    expect(await db().selectFrom('outbox').select('id').where('recipient', '=', to).execute()).toEqual(outboxBefore)

    // Transactional mail (a password reset code) still goes.
    const reset = await new Client(app.url).request('POST', '/tutor/profile/password/get_reset_code', {
      json: { login: to },
    })
    expect(reset.status).toBe(200)
    await waitFor(() => mailsTo(to).length === 2, { timeout: 20_000, what: 'the reset code mail' })
    expect(mailsTo(to).some((m) => m.subject === 'Ще новини')).toBe(false)
    expect(mailsTo(to)[1]!.headers['list-unsubscribe']).toBeUndefined()
  })

  test('a bad or altered token is 404 in the envelope and changes nothing', async () => {
    const key = unsubscribeKey(app.services.env)
    const good = unsubscribeToken(key, { email: 'someone@example.com', list: 'news' })
    const altered = `${unsubscribeToken(key, { email: 'victim@example.com', list: 'news' }).split('.')[0]}.${good.split('.')[1]}`
    for (const token of ['nonsense', altered, `${good}x`]) {
      const res = await new Client(app.url).raw.post(`/api/email_unsubscribe?token=${encodeURIComponent(token)}`)
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ status: 'fail', error: 'not_found' })
    }
    expect((await new Client(app.url).raw.post('/api/email_unsubscribe')).status).toBeLessThan(500)
    expect(
      await db()
        .selectFrom('email_unsubscribes')
        .select('email')
        .where('email', 'in', ['someone@example.com', 'victim@example.com'])
        .execute(),
    ).toEqual([])
  })

  test('opened in a browser (GET) the link asks first; its button unsubscribes and says so', async () => {
    const token = unsubscribeToken(unsubscribeKey(app.services.env), {
      email: 'browser.reader@example.com',
      list: 'news',
    })
    const page = await new Client(app.url).request('GET', `/api/email_unsubscribe?token=${encodeURIComponent(token)}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.text).toContain('browser.reader@example.com')
    expect(page.text).toContain('<form method="post"')
    expect(
      await db()
        .selectFrom('email_unsubscribes')
        .select('email')
        .where('email', '=', 'browser.reader@example.com')
        .execute(),
    ).toEqual([])

    const done = await new Client(app.url).request(
      'POST',
      `/api/email_unsubscribe?token=${encodeURIComponent(token)}`,
      { form: { format: 'html' } },
    )
    expect(done.status).toBe(200)
    expect(done.text).toContain('data-testid="unsubscribed"')
    expect(
      await db()
        .selectFrom('email_unsubscribes')
        .select('email')
        .where('email', '=', 'browser.reader@example.com')
        .execute(),
    ).toHaveLength(1)
    // A bad token's page is a 404 page.
    expect((await new Client(app.url).request('GET', '/api/email_unsubscribe?token=bad')).status).toBe(404)
  })
})
