// GET /metrics (docs/deploy.md#what-to-watch): Prometheus text for a bearer of METRICS_TOKEN only, with
// requests counted by route template (never the raw path), the database statements and pool, the chat
// sockets, the payment outcomes and the outbox.
import { expect, test } from 'bun:test'
import { withTestApp } from '../helpers/app'
import { chatParties, messageFrame, openSocket, query } from '../helpers/chat'

const TOKEN = 'metrics-token-0123456789'

/** The value of one series in Prometheus text (0 when absent). */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

const scrape = async (url: string, token = TOKEN) => {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') }
}

test('without METRICS_TOKEN the path does not exist', async () => {
  await withTestApp({}, async (app) => {
    const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ status: 'fail', error: 'not_found' })
  })
})

test('a wrong or missing token is refused with 401; the right one reads the metrics', async () => {
  await withTestApp({ env: { METRICS_TOKEN: TOKEN } }, async (app) => {
    const none = await fetch(`${app.url}/metrics`)
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({ status: 'fail', error: 'unauthorized' })
    expect((await scrape(app.url, 'metrics-token-0123456788')).status).toBe(401)
    expect((await scrape(app.url, 'short')).status).toBe(401)

    const ok = await scrape(app.url)
    expect(ok.status).toBe(200)
    expect(ok.type).toStartWith('text/plain')
    for (const family of [
      'http_requests_total',
      'http_request_duration_seconds',
      'db_query_duration_seconds',
      'websocket_connections',
      'chat_messages_delivered_total',
      'payments_settled_total',
      'outbox_backlog',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(ok.text).toContain(`# TYPE ${family} `)
  })
})

test('requests by route template and status; statements timed; sockets and delivered messages counted', async () => {
  await withTestApp({ env: { METRICS_TOKEN: TOKEN } }, async (app) => {
    const before = (await scrape(app.url)).text
    const tutors = 'http_requests_total{method="GET",route="/client/all_cities",status="200"}'
    const missing = 'http_requests_total{method="GET",route="(unknown api)",status="404"}'
    const queries = 'db_query_duration_seconds_count{outcome="ok"}'

    for (let i = 0; i < 3; i++) expect((await fetch(`${app.url}/client/all_cities`)).status).toBe(200)
    expect((await fetch(`${app.url}/client/no-such-call-${Date.now()}`)).status).toBe(404)

    const parties = await chatParties(app)
    const client = openSocket(app, query('client', parties.client.id, parties.orderId), parties.client.cookie)
    const tutor = openSocket(app, query('tutor', parties.tutor.id, parties.orderId), parties.tutor.cookie)
    await Promise.all([client.opened, tutor.opened])
    const during = (await scrape(app.url)).text
    expect(value(during, 'websocket_connections')).toBeGreaterThanOrEqual(2)

    client.send(
      messageFrame(parties.orderId, { recipient: 'tutor', recipient_id: parties.tutor.id, msg_text: 'Добрий день' }),
    )
    await tutor.next((f) => f.data?.msg_data?.msg_text === 'Добрий день')
    client.ws.close()
    tutor.ws.close()
    await Promise.all([client.closed, tutor.closed])

    const after = (await scrape(app.url)).text
    expect(value(after, tutors) - value(before, tutors)).toBe(3)
    expect(value(after, missing) - value(before, missing)).toBe(1)
    // The raw path never becomes a label.
    expect(after).not.toContain('page=')
    expect(after).not.toContain('no-such-call')
    expect(value(after, queries)).toBeGreaterThan(value(before, queries))
    expect(value(after, 'chat_messages_delivered_total')).toBeGreaterThan(
      value(before, 'chat_messages_delivered_total'),
    )
    expect(value(after, 'websocket_connections')).toBe(value(during, 'websocket_connections') - 2)
  })
})
