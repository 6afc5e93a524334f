// Durable jobs (server/jobs, pg-boss) on the database of the suite (PGlite or the
// PostgreSQL server). Outbox delivery goes through a real SMTP server started here (smtp-server): a real
// order e-mail arrives with its subject; with the server down the request still succeeds and the
// message is retried, then arrives once when the server is back; a job that failed for good is shown
// to staff (status 1) and retried from there.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { t } from '../../i18n/keys'
import { QUEUES } from '../../server/jobs/jobs'
import { Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { referenceFixture } from '../helpers/catalogue'
import { SmtpSink } from '../helpers/smtp-sink-restartable'
import { waitFor } from '../helpers/wait'

const sink = new SmtpSink()
await sink.start()
afterAll(() => sink.stop())

const app = useTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Tutors <robot@tutors.test>' } })
let tutorId: number
let tutorEmail: string
beforeAll(async () => {
  await referenceFixture(app.services.db)
  const tutor = await makePerson(app, { tutor: true })
  tutorId = tutor.tutorId!
  tutorEmail = tutor.email
})

let n = 0
const personalRequest = () => {
  n++
  return new Client(app.url).api.post('/client/make_personal_request', {
    request: {
      tutor_id: tutorId,
      name: `Visitor ${n}`,
      email: `jobs.visitor.${n}@example.com`,
      phone: `+38 (063) 200-00-${String(n).padStart(2, '0')}`,
    },
  })
}
const outboxRow = (orderId: number) =>
  app.services.db
    .selectFrom('outbox')
    .select(['id', 'status', 'attempts', 'sent_at', 'error', 'job_id'])
    .where('recipient', '=', tutorEmail)
    .where('body', '~', `№${orderId}[^0-9]`)
    .executeTakeFirstOrThrow()
// The message of an order: by the outbox row's id in its Message-ID (the body is quoted-printable).
const outboxIds = new Map<number, number>()
const mailsFor = (orderId: number) =>
  sink.to(tutorEmail).filter((m) => m.messageId.startsWith(`<outbox-${outboxIds.get(orderId)}-`))
const remember = async (orderId: number) => outboxIds.set(orderId, (await outboxRow(orderId)).id)

describe('outbox delivery through SMTP', () => {
  test('a personal request e-mails its tutor through the SMTP server, with the right subject, once', async () => {
    const res = await personalRequest()
    expect(res.status).toBe(200)
    const orderId = res.json.data.order_id
    await remember(orderId)
    const [mail] = await waitFor(() => (mailsFor(orderId).length ? mailsFor(orderId) : null), {
      timeout: 20_000,
      what: 'the e-mail at the sink',
    })
    expect(mail!.subject).toBe(t(app.services.edition.defaultLocale, 'mail.personal_order_subject'))
    expect(mail!.messageId).toMatch(/^<outbox-\d+-\d+@tutors\.test>$/)
    const row = await waitFor(async () => {
      const r = await outboxRow(orderId)
      return r.status === 'sent' ? r : null
    })
    expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null })
    expect(row.job_id).toBeTruthy()
    await Bun.sleep(1500)
    expect(mailsFor(orderId)).toHaveLength(1)
  })

  test('with the SMTP server down the request succeeds; the message is retried within seconds and arrives once when it is back', async () => {
    await sink.stop()
    const res = await personalRequest()
    try {
      expect(res.status).toBe(200)
      const orderId = res.json.data.order_id
      await remember(orderId)
      // Tried, failed, tried again (backoff from 2 s) and failed again: an attempt marks the row
      // `sending` (attempts + 1) when it starts and `failed` when the connection is refused.
      const failed = await waitFor(
        async () => {
          const r = await outboxRow(orderId)
          return r.attempts >= 2 && r.status !== 'sending' ? r : null
        },
        { timeout: 20_000, interval: 200, what: 'two failed tries' },
      )
      expect(failed.status).toBe('failed')
      expect(failed.error).toBeTruthy()
      expect(mailsFor(orderId)).toHaveLength(0)
      await sink.start()
      await waitFor(() => mailsFor(orderId).length > 0, {
        timeout: 30_000,
        interval: 200,
        what: 'the e-mail after the outage',
      })
      const row = await waitFor(async () => {
        const r = await outboxRow(orderId)
        return r.status === 'sent' ? r : null
      })
      expect(row.attempts).toBeGreaterThanOrEqual(3)
      await Bun.sleep(2500)
      expect(mailsFor(orderId)).toHaveLength(1)
    } finally {
      await sink.start().catch(() => {})
    }
  })

  test('staff (status 1) see a job that failed for good and retry it; it is then delivered; others are refused', async () => {
    const jobs = app.services.jobs!
    expect(jobs).toBeTruthy()
    await sink.stop()
    const row = await app.services.db
      .insertInto('outbox')
      .values({
        channel: 'email',
        recipient: 'failed.for.good@example.com',
        subject: 'Retry me',
        body: 'Body',
        transport: 'smtp',
        status: 'queued',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // No retries for this one, so it fails at the first try (the queue's own limit is hours of tries).
    const jobId = (await jobs.boss.send(QUEUES.outbox, { outboxId: row.id }, { retryLimit: 0 }))!
    await waitFor(async () => (await jobs.boss.getJobById(QUEUES.outbox, jobId))?.state === 'failed', {
      timeout: 20_000,
      interval: 200,
      what: 'the job failed',
    })

    const admin = await makeStaff(app, 1)
    const c = await signedIn(app, { staff: admin.email })
    const list = await c.api.get('/admin/system/jobs/get')
    expect(list.status).toBe(200)
    const item = list.json.data.items.find((j) => j.id === jobId)
    expect(item).toMatchObject({ id: jobId, queue: QUEUES.outbox, retry_count: 0 })
    expect(item!.error).toBeTruthy()
    expect(item!.outbox).toMatchObject({
      id: row.id,
      channel: 'email',
      recipient: 'failed.for.good@example.com',
      subject: 'Retry me',
    })

    for (const status of [2, 3, 4] as const) {
      const other = await signedIn(app, { staff: (await makeStaff(app, status)).email })
      expect((await other.api.get('/admin/system/jobs/get')).status).toBe(403)
      expect((await other.api.post('/admin/system/jobs/retry', { id: jobId })).status).toBe(403)
    }

    await sink.start()
    const retried = await c.api.post('/admin/system/jobs/retry', { id: jobId })
    expect(retried.status).toBe(200)
    expect(retried.json.data).toEqual({ retried: true })
    await waitFor(() => sink.to('failed.for.good@example.com').length > 0, {
      timeout: 20_000,
      interval: 200,
      what: 'the retried e-mail',
    })
    expect((await c.api.get('/admin/system/jobs/get')).json.data.items.map((j) => j.id)).not.toContain(jobId)
    // A job that is not failed (or not there) is not retried.
    expect((await c.api.post('/admin/system/jobs/retry', { id: jobId })).json.data).toEqual({ retried: false })
    expect(
      (await c.api.post('/admin/system/jobs/retry', { id: '00000000-0000-4000-8000-000000000000' })).json.data,
    ).toEqual({ retried: false })
  })

  test('a scheduled send waits for its time, then goes out', async () => {
    const at = new Date(Date.now() + 3000)
    await app.services.mail.send({ to: 'later@example.com', subject: 'Later', text: 'Sent later' }, { at })
    const row = await app.services.db
      .selectFrom('outbox')
      .select(['status', 'send_after'])
      .where('recipient', '=', 'later@example.com')
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('queued')
    expect(new Date(row.send_after!).getTime()).toBe(at.getTime())
    await Bun.sleep(1500)
    expect(sink.to('later@example.com')).toHaveLength(0)
    const [mail] = await waitFor(() => (sink.to('later@example.com').length ? sink.to('later@example.com') : null), {
      timeout: 20_000,
      interval: 200,
      what: 'the scheduled e-mail',
    })
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime())
    expect(mail!.subject).toBe('Later')
  })
})

describe('e-mails of a template with an e-mail profile', () => {
  // The profile's own SMTP server: a second sink. The site's (SMTP_URL) must not see these messages.
  const profileSink = new SmtpSink()
  afterAll(() => profileSink.stop())

  test("are queued with the profile and delivered through the profile's server; with it down, retried and delivered once", async () => {
    await profileSink.start()
    const c = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    const profile = await c.api.post('/admin/email/profile/create', {
      profile: { name: 'Orders', from_name: 'Заявки', from_email: 'orders@profile.test', smtp_url: profileSink.url },
    })
    expect(profile.status).toBe(200)
    const profileId = profile.json.data.id
    const tpl = await c.api.post('/admin/email/email/create', {
      email: {
        event: 'personal_order',
        locale: 'ua',
        subject: 'Профіль: заявка №{order_id}',
        body: '{client_name} чекає: {link}',
        profile_id: profileId,
      },
    })
    expect(tpl.status).toBe(200)
    const row = (orderId: number) =>
      app.services.db
        .selectFrom('outbox')
        .select(['id', 'status', 'attempts', 'profile_id', 'job_id', 'error'])
        .where('recipient', '=', tutorEmail)
        .where('subject', '=', `Профіль: заявка №${orderId}`)
        .executeTakeFirstOrThrow()
    const arrived = (orderId: number) =>
      profileSink.to(tutorEmail).filter((m) => m.subject === `Профіль: заявка №${orderId}`)
    try {
      const first = await personalRequest()
      expect(first.status).toBe(200)
      const a = first.json.data.order_id as number
      const [mail] = await waitFor(() => (arrived(a).length ? arrived(a) : null), {
        timeout: 20_000,
        interval: 200,
        what: "the e-mail at the profile's sink",
      })
      expect(mail!.raw).toMatch(/^From:.*orders@profile\.test/im)
      const sent = await waitFor(async () => {
        const r = await row(a)
        return r.status === 'sent' ? r : null
      })
      // Through the queue: the row names the profile and has its job.
      expect(sent).toMatchObject({ profile_id: profileId, attempts: 1, error: null })
      expect(sent.job_id).toBeTruthy()
      expect(sink.to(tutorEmail).filter((m) => m.subject === `Профіль: заявка №${a}`)).toHaveLength(0)

      // The profile's server down: the request still succeeds; the message is retried, then arrives once.
      await profileSink.stop()
      const second = await personalRequest()
      expect(second.status).toBe(200)
      const b = second.json.data.order_id as number
      // Between two tries the row reads failed; during one it reads sending (a try under way).
      const failed = await waitFor(
        async () => {
          const r = await row(b)
          return r.attempts >= 2 && r.status === 'failed' ? r : null
        },
        { timeout: 20_000, interval: 200, what: 'two failed tries' },
      )
      expect(failed).toMatchObject({ status: 'failed', profile_id: profileId })
      expect(arrived(b)).toHaveLength(0)
      await profileSink.start()
      await waitFor(() => arrived(b).length > 0, {
        timeout: 30_000,
        interval: 200,
        what: 'the e-mail after the outage',
      })
      await waitFor(async () => ((await row(b)).status === 'sent' ? true : null))
      await Bun.sleep(2500)
      expect(arrived(b)).toHaveLength(1)
      expect(sink.to(tutorEmail).filter((m) => m.subject === `Профіль: заявка №${b}`)).toHaveLength(0)
    } finally {
      await profileSink.start().catch(() => {})
      await c.api.post(`/admin/email/email/delete?id=${tpl.json.data.id}`, {})
    }
  })
})

describe('the minute sweeps', () => {
  test('a run continues from where the last one stopped (sweep_marks), and the sweep job runs them', async () => {
    const { runSweeps } = await import('../../server/jobs/sweeps')
    const deps = { db: app.services.db, edition: app.services.edition, log: () => app.services.log, queue: null }
    const first = await runSweeps(deps, 60)
    expect(first.ok).toBe(true)
    const second = await runSweeps(deps, 60)
    expect(second.since.getTime()).toBe(first.until.getTime())
    const mark = await app.services.db
      .selectFrom('sweep_marks')
      .selectAll()
      .where('name', '=', 'minute')
      .executeTakeFirstOrThrow()
    expect(new Date(mark.swept_until).getTime()).toBe(second.until.getTime())
    // Through pg-boss: a throttled sweep job is taken by this app's worker once it is started.
    const jobs = app.services.jobs!
    const { startSweeps } = await import('../../server/jobs/sweeps')
    const stop = await startSweeps(jobs, deps, 2)
    try {
      await waitFor(
        async () =>
          (
            await app.services.db
              .selectFrom('sweep_marks')
              .select('runs')
              .where('name', '=', 'minute')
              .executeTakeFirstOrThrow()
          ).runs > mark.runs,
        {
          timeout: 15_000,
          interval: 200,
          what: 'a sweep run by the job',
        },
      )
    } finally {
      stop()
      await jobs.boss.offWork(QUEUES.sweep)
    }
  })
})
