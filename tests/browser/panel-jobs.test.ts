// /panel/system_jobs: staff status 1 see a job that failed for good (an e-mail the SMTP
// server refused), with its message and error, and retry it; the sink is up by then and the e-mail arrives.
import { afterAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { panelUa } from '../../i18n/areas/panel/ua'
import { QUEUES } from '../../server/jobs/jobs'
import { type TestApp, makeStaff } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { SmtpSink } from '../helpers/smtp-sink-restartable'
import { waitFor } from '../helpers/wait'

const sink = await new SmtpSink().start()
await sink.stop()
afterAll(() => sink.stop())

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s), { env: { SMTP_URL: sink.url } })

test('status 1: the failed job is listed with its message and error; Retry delivers it', async () => {
  const row = await app.services.db
    .insertInto('outbox')
    .values({
      channel: 'email',
      recipient: 'panel.retry@example.com',
      subject: 'Лист для повтору',
      body: 'Текст',
      transport: 'smtp',
      status: 'queued',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const jobs = app.services.jobs!
  const jobId = (await jobs.boss.send(QUEUES.outbox, { outboxId: row.id }, { retryLimit: 0 }))!
  await waitFor(async () => (await jobs.boss.getJobById(QUEUES.outbox, jobId))?.state === 'failed', {
    timeout: 20_000,
    interval: 200,
    what: 'the job failed',
  })

  const staff = await makeStaff(app, 1)
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.getByTestId('panel-menu').locator('a[href="/panel/system_jobs"]').click()
  await page.getByRole('heading', { name: panelUa['panel.system_jobs'] }).waitFor()
  const retry = page.getByTestId(`job-retry-${jobId}`)
  await retry.waitFor()
  const text = (await page.locator('main').textContent()) ?? ''
  expect(text).toContain('Лист для повтору')
  expect(text).toContain('panel.retry@example.com')
  expect(text).toContain('ECONNREFUSED')
  expect(text).toContain(panelUa['jobs.queue.outbox-delivery'])
  await screenshot(page, 'panel-system-jobs')

  await sink.start()
  await retry.click()
  await page.getByText(panelUa['jobs.retried']).waitFor()
  await waitFor(() => sink.to('panel.retry@example.com').length > 0, {
    timeout: 20_000,
    interval: 200,
    what: 'the retried e-mail',
  })
  await page.getByText(panelUa['jobs.empty']).waitFor({ timeout: 10_000 })
  await screenshot(page, 'panel-system-jobs-empty')
  await page.setViewportSize({ width: 375, height: 800 })
  await screenshot(page, 'panel-system-jobs-375')
  expect(errors).toEqual([])
  await page.close()
})
