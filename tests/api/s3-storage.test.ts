// Files in an S3-compatible object store (docs/deploy.md#files), against a real S3 server started here
// (s3rver): with S3_* set, an avatar and a document go to the bucket and nothing to DATA_DIR/files; the
// public avatar and the owner's document are streamed back, a stranger still gets no document; a second
// server process (PostgreSQL: both share the database) reads what the first stored; migrate-to-s3 copies
// what was on disk, once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { S3Client } from 'bun'
import S3rver from 's3rver'
import sharp from 'sharp'
import { type TestApp, makePerson, signedIn, startTestApp, withTestApp } from '../helpers/app'
import { freePort, ready, startServer } from '../helpers/server-process'

const onPostgres = Boolean(process.env.DATABASE_URL)
const root = resolve(import.meta.dir, '../..')
const BUCKET = 'tutor-files'
let s3dir: string
let server: S3rver
let s3env: Record<string, string>
let bucket: S3Client

beforeAll(async () => {
  s3dir = mkdtempSync(join(tmpdir(), 's3rver-'))
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  })
  const { port } = await server.run()
  s3env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }
  bucket = new S3Client({
    endpoint: s3env.S3_ENDPOINT,
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  })
})
afterAll(async () => {
  await server.close()
  rmSync(s3dir, { recursive: true, force: true })
})

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)
const photo = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer()

/** A tutor of `app` with a photo and a document uploaded through the API. */
async function tutorWithFiles(app: TestApp) {
  const p = await makePerson(app, { tutor: true })
  const c = await signedIn(app, { tutor: p.email })
  const avatar = new FormData()
  avatar.append('image', new File([new Uint8Array(await photo())], 'me.jpg', { type: 'image/jpeg' }))
  const set = await c.request('POST', '/tutor/profile/avatar/set', { body: avatar })
  expect(set.status).toBe(200)
  const profile = new FormData()
  profile.append('tutor', '{}')
  profile.append('new_documents[]', new File([PDF], 'diploma.pdf', { type: 'application/pdf' }))
  profile.append('new_documents_descriptions[]', 'диплом')
  const saved = await c.request('POST', '/tutor/profile/save', { body: profile })
  expect(saved.status).toBe(200)
  const data = saved.json as { data: { documents: { url: string }[] } }
  return {
    ...p,
    c,
    avatarUrl: (set.json as { data: { url: string } }).data.url,
    documentUrl: data.data.documents[0]!.url,
  }
}

/** The bytes of a download, with the session cookie of `c`. */
const download = async (base: string, url: string, c: { cookies: Map<string, string> }) => {
  const res = await fetch(new URL(url, base), { headers: { cookie: `sid=${c.cookies.get('sid')}` } })
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) }
}

const keysOf = async (tutorId: number) =>
  (await bucket.list({ prefix: '' })).contents
    ?.map((o) => o.key)
    .filter((k) => k.split('/')[1] === String(tutorId))
    .sort() ?? []

test('with S3_* set, uploads go to the bucket (not DATA_DIR) and are streamed back to whom may read them', async () => {
  await withTestApp({ env: s3env }, async (app) => {
    const t = await tutorWithFiles(app)
    const keys = await keysOf(t.tutorId!)
    expect(keys.some((k) => k.startsWith('avatars/'))).toBe(true)
    expect(keys.some((k) => k.startsWith('documents/'))).toBe(true)
    expect(existsSync(join(app.services.env.DATA_DIR, 'files'))).toBe(false)

    const avatar = await fetch(new URL(t.avatarUrl, app.url))
    expect(avatar.status).toBe(200)
    expect(avatar.headers.get('content-type')).toBe('image/jpeg')
    const key = new URL(t.avatarUrl, app.url).pathname.slice('/media/'.length)
    expect(new Uint8Array(await avatar.arrayBuffer())).toEqual(await bucket.file(key).bytes())

    expect(await download(app.url, t.documentUrl, t.c)).toEqual({ status: 200, bytes: PDF })
    const stranger = await makePerson(app, { tutor: true })
    const theirs = await (await signedIn(app, { tutor: stranger.email })).raw.get(t.documentUrl)
    expect(theirs.status).not.toBe(200)

    // A missing object is a 404, not a server error.
    expect((await fetch(`${app.url}/media/avatars/${t.tutorId}/AAAAAAAAAAAAAAAAAAAAAA.jpg`)).status).toBe(404)
  })
})

test('migrate-to-s3 copies the files on disk into the bucket, and a second run copies nothing', async () => {
  await withTestApp({}, async (local) => {
    const t = await tutorWithFiles(local)
    const migrate = async () => {
      const run = Bun.spawn(['bun', 'scripts/files.ts', 'migrate-to-s3'], {
        cwd: root,
        env: { ...process.env, ...s3env, DATA_DIR: local.services.env.DATA_DIR },
        stdout: 'pipe',
        stderr: 'pipe',
      })
      expect(await run.exited).toBe(0)
      return (await new Response(run.stdout).text()).trim()
    }
    const first = await migrate()
    const copied = Number(/^(\d+) copied/.exec(first)?.[1])
    expect(copied).toBeGreaterThanOrEqual(3) // the photo, its preview and original, the document
    expect(await migrate()).toStartWith(`0 copied, ${copied} already in the bucket ${BUCKET}`)
    expect((await keysOf(t.tutorId!)).length).toBeGreaterThanOrEqual(3)
    const key = new URL(t.avatarUrl, local.url).pathname.slice('/media/'.length)
    const onDisk = await Bun.file(join(local.services.env.DATA_DIR, 'files', key)).bytes()
    expect(await bucket.file(key).bytes()).toEqual(onDisk)
    // The site switched over to the bucket (the disk copy gone) serves the document that was on disk.
    rmSync(join(local.services.env.DATA_DIR, 'files'), { recursive: true, force: true })
    Object.assign(local.services.env, s3env)
    expect(await download(local.url, t.documentUrl, t.c)).toEqual({ status: 200, bytes: PDF })
  })
})

describe.skipIf(!onPostgres)('two server processes on one bucket', () => {
  test('a second process reads the avatar and the document the first stored', async () => {
    const first = await startTestApp({ env: s3env })
    const dataDir = mkdtempSync(join(tmpdir(), 's3-second-'))
    const second = startServer({
      ...s3env,
      DATABASE_URL: first.databaseUrl!,
      DATA_DIR: dataDir,
      SESSION_SECRET: first.services.env.SESSION_SECRET!,
      PORT: String(await freePort()),
    })
    try {
      const t = await tutorWithFiles(first)
      await ready(second)
      const avatar = await fetch(new URL(t.avatarUrl, second.url))
      expect(avatar.status).toBe(200)
      expect((await avatar.arrayBuffer()).byteLength).toBeGreaterThan(0)
      expect(await download(second.url, t.documentUrl, t.c)).toEqual({ status: 200, bytes: PDF })
    } finally {
      second.proc.kill('SIGKILL')
      await first.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 180_000)
})
