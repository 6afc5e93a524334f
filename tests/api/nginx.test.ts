// deploy/nginx.conf as written (only its ports changed) in front of two server processes on one
// PostgreSQL database: sign-in, a catalogue read, an upload read back, and a chat exchange whose
// sockets land on both processes — all through nginx. PostgreSQL only (two processes share the
// database), and only where nginx is installed (.ci/run installs it).
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { type TestApp, startTestApp } from '../helpers/app'
import { chatParties, messageFrame, openSocket, query } from '../helpers/chat'
import { testDb } from '../helpers/db'
import { type ServerProcess, freePort, startServers } from '../helpers/server-process'
import { waitFor } from '../helpers/wait'

const nginx = Bun.which('nginx') ?? (Bun.file('/usr/sbin/nginx').size ? '/usr/sbin/nginx' : null)
const onPostgres = Boolean(process.env.DATABASE_URL)
const cleanup: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

const TOKEN = 'nginx-metrics-token-012345'

/** nginx with deploy/nginx.conf included, its upstreams and listen port replaced by the test's. */
async function startNginx(upstreams: number[]): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-'))
  const port = await freePort()
  const site = readFileSync(resolve(import.meta.dir, '../../deploy/nginx.conf'), 'utf8')
    .replace('server 127.0.0.1:3000 ', `server 127.0.0.1:${upstreams[0]} `)
    .replace('server 127.0.0.1:3001 ', `server 127.0.0.1:${upstreams[1]} `)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
  writeFileSync(join(dir, 'tutors.conf'), site)
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/tutors.conf;
}
`,
  )
  const proc = Bun.spawn([nginx!, '-p', dir, '-c', join(dir, 'nginx.conf')], { stderr: 'pipe', stdout: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  await waitFor(async () => (await fetch(`${url}/healthz`).catch(() => null))?.status === 200, {
    timeout: 20_000,
  }).catch(async () => {
    throw new Error(`nginx did not start: ${readFileSync(join(dir, 'error.log'), 'utf8')}`)
  })
  return {
    url,
    stop: () => {
      proc.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const sockets = async (server: ServerProcess) => {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text()
  return Number(/^websocket_connections (\d+)/m.exec(text)?.[1] ?? 0)
}

describe.skipIf(!onPostgres || !nginx)('nginx in front of two server processes', () => {
  test('sign-in, a catalogue read, an upload and a chat across both processes, all through nginx', async () => {
    const h = await testDb()
    cleanup.push(() => h.close())
    const maker: TestApp = await startTestApp({ databaseUrl: h.url })
    cleanup.push(() => maker.close())
    // With DATABASE_URL, DATA_DIR holds only the files and secrets: both processes share one.
    const dataDir = mkdtempSync(join(tmpdir(), 'nginx-files-'))
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const env = {
      DATABASE_URL: h.url!,
      DATA_DIR: dataDir,
      SESSION_SECRET: maker.services.env.SESSION_SECRET!,
      TRUSTED_PROXIES: '127.0.0.1',
      METRICS_TOKEN: TOKEN,
    }
    const servers = await startServers(2, env, cleanup)
    const proxy = await startNginx(servers.map((s) => s.port))
    cleanup.push(proxy.stop)
    const site = { ...maker, url: proxy.url }

    // A catalogue read; nginx's request id is the app's.
    const catalogue = await fetch(`${proxy.url}/client/all_subjects`)
    expect(catalogue.status).toBe(200)
    expect(catalogue.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/)

    // Sign-in of the three parties through nginx (chatParties signs in at site.url).
    const parties = await chatParties(site)

    // An upload (the tutor's photo) through nginx, then read back through it from either process.
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('image', new File([new Uint8Array(photo)], 'me.png', { type: 'image/png' }))
    const set = await parties.tutor.http.request('POST', '/tutor/profile/avatar/set', { body: form })
    expect(set.status).toBe(200)
    const url = (set.json as { data: { url: string } }).data.url
    for (let i = 0; i < 4; i++) {
      const res = await fetch(new URL(url, proxy.url))
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toStartWith('image/')
    }

    // Chat: nginx spreads the sockets (round robin) over both processes.
    const opened = [
      openSocket(site, query('client', parties.client.id, parties.orderId), parties.client.cookie),
      openSocket(site, query('tutor', parties.tutor.id, parties.orderId), parties.tutor.cookie),
      openSocket(site, query('client', parties.client.id, parties.orderId), parties.client.cookie),
      openSocket(site, query('tutor', parties.tutor.id, parties.orderId), parties.tutor.cookie),
    ]
    await Promise.all(opened.map((s) => s.opened))
    const perProcess = await Promise.all(servers.map(sockets))
    expect(perProcess.every((n) => n > 0)).toBe(true)
    expect(perProcess.reduce((a, b) => a + b)).toBe(4)

    const [client, tutor, client2, tutor2] = opened as [
      (typeof opened)[0],
      (typeof opened)[0],
      (typeof opened)[0],
      (typeof opened)[0],
    ]
    client.send(
      messageFrame(parties.orderId, { recipient: 'tutor', recipient_id: parties.tutor.id, msg_text: 'Через nginx' }),
    )
    for (const s of [tutor, tutor2, client2]) await s.next((f) => f.data?.msg_data?.msg_text === 'Через nginx', 10_000)
    tutor2.send(
      messageFrame(parties.orderId, { recipient: 'client', recipient_id: parties.client.id, msg_text: 'Отримав' }),
    )
    for (const s of [client, client2]) await s.next((f) => f.data?.msg_data?.msg_text === 'Отримав', 10_000)
    for (const s of opened) s.ws.close()
  }, 240_000)
})
