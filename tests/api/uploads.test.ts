// Upload abuse and file access: documents are typed by their content, capped in size and count, and
// readable only by their tutor and staff; avatars refuse non-images and pixel floods, keep a 130×130
// preview and lose their metadata.
import { beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import sharp from 'sharp'
import { refreshListings } from '../../server/domain/catalogue/listings'
import { MAX_FILE_BYTES } from '../../server/domain/tutors/files'
import { serveMedia } from '../../server/integrations/storage/media'
import { fileStorage } from '../../server/integrations/storage/storage'
import { Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type Ref, referenceFixture } from '../helpers/catalogue'
import { type HttpAnswer, type RestReply, fieldErrors } from '../helpers/api'

const app = useTestApp()
let ref: Ref
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
})

const enc = new TextEncoder()
const PDF = enc.encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
const HTML = enc.encode('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')
// A DOS/PE header: "MZ" and the PE offset pointing at "PE\0\0".
const EXE = (() => {
  const b = new Uint8Array(512)
  b.set([0x4d, 0x5a, 0x90, 0x00])
  b[0x3c] = 0x80
  b.set([0x50, 0x45, 0x00, 0x00, 0x4c, 0x01], 0x80)
  return b
})()

async function newTutor() {
  const p = await makePerson(app, { tutor: true })
  return { ...p, tutorId: p.tutorId!, c: await signedIn(app, { tutor: p.email }) }
}

type Upload = { name: string; type: string; bytes: Uint8Array }
function saveWithFiles(c: Client, files: Upload[], tutor: unknown = {}) {
  const form = new FormData()
  form.append('tutor', JSON.stringify(tutor))
  for (const f of files) {
    form.append('new_documents[]', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }))
    form.append('new_documents_descriptions[]', `about ${f.name}`)
  }
  return c.request('POST', '/tutor/profile/save', { body: form }) as Promise<
    HttpAnswer<RestReply<'/tutor/profile/save'>>
  >
}
function setAvatar(
  c: Client,
  bytes: Uint8Array,
  name = 'me.png',
  type = 'image/png',
  path = '/tutor/profile/avatar/set',
  extra: Record<string, string> = {},
) {
  const form = new FormData()
  form.append('image', new File([new Uint8Array(bytes)], name, { type }))
  for (const [k, v] of Object.entries(extra)) form.append(k, v)
  return c.request('POST', path, { body: form }) as Promise<HttpAnswer<RestReply<'/tutor/profile/avatar/set'>>>
}

const storage = () => fileStorage(app.services.env)
const filesDir = () => resolve(app.services.env.DATA_DIR, 'files')
/** GET /media/... through the storage module's handler (the hook server/app.ts calls). */
const media = (path: string) => serveMedia(storage(), new Request(app.url + path), path)

describe('documents: type by content', () => {
  test('HTML and EXE renamed to .pdf are refused with 422 new_documents; nothing is stored', async () => {
    const { c, tutorId } = await newTutor()
    for (const bytes of [HTML, EXE]) {
      const res = await saveWithFiles(c, [{ name: 'diploma.pdf', type: 'application/pdf', bytes }], {
        description: 'changed',
      })
      expect(res.status).toBe(422)
      expect(res.json.status).toBe('fail')
      expect(Object.keys(fieldErrors(res.json))).toEqual(['new_documents'])
      expect(fieldErrors(res.json).new_documents![0]).toContain('diploma.pdf')
    }
    const rows = await app.services.db
      .selectFrom('tutor_documents')
      .selectAll()
      .where('tutor_id', '=', tutorId)
      .execute()
    expect(rows).toHaveLength(0)
    expect(existsSync(resolve(filesDir(), 'documents', String(tutorId)))).toBe(false)
    // The rest of the form was not saved either.
    expect((await c.api.get('/tutor/profile/get')).json.data.description).toBe('')
  })

  test('a GIF named .png is refused too (only the listed types, whatever the name says)', async () => {
    const { c } = await newTutor()
    const gif = enc.encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;')
    const res = await saveWithFiles(c, [{ name: 'scan.png', type: 'image/png', bytes: gif }])
    expect(res.status).toBe(422)
  })

  test('PDF, JPG and PNG are stored with the detected type; a wrong extension gets the right one on download', async () => {
    const { c } = await newTutor()
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'red' } })
      .png()
      .toBuffer()
    const jpg = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'blue' } })
      .jpeg()
      .toBuffer()
    const res = await saveWithFiles(c, [
      { name: 'diploma.pdf', type: 'application/pdf', bytes: PDF },
      { name: 'certificate.jpg', type: 'image/jpeg', bytes: jpg },
      // a PNG that says it is a PDF: stored as the PNG it is
      { name: 'scan.pdf', type: 'application/pdf', bytes: png },
    ])
    expect(res.status).toBe(200)
    const docs = res.json.data.documents
    expect(docs.map((d) => [d.name, d.mime, d.description])).toEqual([
      ['diploma.pdf', 'application/pdf', 'about diploma.pdf'],
      ['certificate.jpg', 'image/jpeg', 'about certificate.jpg'],
      ['scan.pdf.png', 'image/png', 'about scan.pdf'],
    ])
    expect(docs[0]!.size).toBe(PDF.byteLength)
    expect(docs[0]!.url).toBe(`/tutor/profile/document?id=${docs[0]!.id}`)
    // Stored under random names outside the web root, without the original name.
    const rows = await app.services.db
      .selectFrom('tutor_documents')
      .select(['storage_key'])
      .where(
        'id',
        'in',
        docs.map((d) => d.id),
      )
      .execute()
    for (const r of rows) {
      expect(r.storage_key).toMatch(/^documents\/\d+\/[A-Za-z0-9_-]{22}$/)
      expect(existsSync(resolve(filesDir(), r.storage_key))).toBe(true)
    }
    const scan = await c.raw.get(docs[2]!.url)
    expect(scan.headers.get('content-type')).toBe('image/png')
  })

  test('over 10 MB is refused; more than 10 at a time is refused; at most 20 kept', async () => {
    const { c } = await newTutor()
    const big = new Uint8Array(MAX_FILE_BYTES + 1)
    big.set(PDF)
    const oversize = await saveWithFiles(c, [{ name: 'big.pdf', type: 'application/pdf', bytes: big }])
    expect(oversize.status).toBe(422)
    expect(fieldErrors(oversize.json).new_documents![0]).toContain('10 MB')

    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `d${i}.pdf`, type: 'application/pdf', bytes: PDF }))
    const tooMany = await saveWithFiles(c, eleven)
    expect(tooMany.status).toBe(422)
    expect(Object.keys(fieldErrors(tooMany.json))).toEqual(['new_documents'])

    const ten = eleven.slice(0, 10)
    expect((await saveWithFiles(c, ten)).status).toBe(200)
    expect((await saveWithFiles(c, ten)).status).toBe(200)
    const full = await saveWithFiles(c, ten.slice(0, 1))
    expect(full.status).toBe(422)
    expect(fieldErrors(full.json).new_documents![0]).toContain('20')
    const docs = (await c.api.get('/tutor/profile/get')).json.data.documents as { id: number }[]
    expect(docs).toHaveLength(20)
    // Removing one (not listed in `documents`) makes room for one.
    const keep = docs.slice(1).map((d) => ({ id: d.id }))
    const replaced = await saveWithFiles(c, ten.slice(0, 1), { documents: keep })
    expect(replaced.status).toBe(200)
    expect(replaced.json.data.documents).toHaveLength(20)
    expect(replaced.json.data.documents.map((d) => d.id)).not.toContain(docs[0]!.id)
  })
})

describe('documents: who may read them', () => {
  test('the owner and staff of the tutors area; not another tutor, a client, other staff or anonymous', async () => {
    const owner = await newTutor()
    const saved = await saveWithFiles(owner.c, [{ name: 'Диплом магістра.pdf', type: 'application/pdf', bytes: PDF }])
    const doc = saved.json.data.documents[0]!

    const mine = await owner.c.raw.get(doc.url)
    expect(mine.status).toBe(200)
    expect(mine.headers.get('content-type')).toBe('application/pdf')
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff')
    expect(mine.headers.get('content-disposition')).toStartWith('attachment;')
    expect(mine.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Диплом магістра.pdf')}`,
    )
    expect(mine.headers.get('cache-control')).toContain('no-store')
    expect(mine.text).toBe(new TextDecoder().decode(PDF))

    const staff2 = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
    expect((await staff2.raw.get(doc.url)).status).toBe(200)
    const staff3 = await signedIn(app, { staff: (await makeStaff(app, 3)).email }) // no tutors area
    expect((await staff3.raw.get(doc.url)).status).toBe(403)

    const other = await newTutor()
    const theirs = await other.c.raw.get(doc.url)
    expect(theirs.status).toBe(404)
    expect(theirs.json).toEqual({ status: 'fail', error: 'not_found' })
    const client = await signedIn(app, { client: (await makePerson(app, { client: true })).email })
    expect((await client.raw.get(doc.url)).status).toBe(403)
    expect((await new Client(app.url).raw.get(doc.url)).status).toBe(401)

    // Not reachable as public media either.
    const row = await app.services.db
      .selectFrom('tutor_documents')
      .select('storage_key')
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow()
    expect((await media(`/media/${row.storage_key}`)).status).toBe(404)
    expect((await media(`/media/${row.storage_key}.jpg`)).status).toBe(404)
    expect((await media('/media/avatars/../documents/1/x.jpg')).status).toBe(404)

    // A removed document is gone for everybody, file included.
    await owner.c.api.post('/tutor/profile/save', { tutor: { documents: [] } })
    expect((await owner.c.raw.get(doc.url)).status).toBe(404)
    expect((await staff2.raw.get(doc.url)).status).toBe(404)
    expect(existsSync(resolve(filesDir(), row.storage_key))).toBe(false)
  })

  test('listing another tutor’s document id in `documents` is refused', async () => {
    const a = await newTutor()
    const b = await newTutor()
    const saved = await saveWithFiles(a.c, [{ name: 'a.pdf', type: 'application/pdf', bytes: PDF }])
    const id = saved.json.data.documents[0]!.id
    const res = await b.c.api.post('/tutor/profile/save', { tutor: { documents: [{ id, description: 'mine now' }] } })
    expect(res.status).toBe(422)
    expect(Object.keys(fieldErrors(res.json))).toEqual(['documents'])
  })
})

describe('avatar', () => {
  test('set: re-encoded JPEG without metadata, at most 1600 px, a 130×130 preview beside it, served under /media', async () => {
    const { c, tutorId } = await newTutor()
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3366cc' } })
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'home address' } })
      .jpeg()
      .toBuffer()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const res = await setAvatar(c, photo, 'me.jpg', 'image/jpeg')
    expect(res.status).toBe(200)
    const avatar = res.json.data!
    expect(avatar.url).toMatch(new RegExp(`^/media/avatars/${tutorId}/[A-Za-z0-9_-]{22}\\.jpg$`))
    expect(avatar.preview_url).toBe(avatar.url.replace(/\.jpg$/, '-130.jpg'))
    expect(avatar.original).toEqual({ width: 2400, height: 1200 })

    const main = await media(avatar.url)
    expect(main.status).toBe(200)
    expect(main.headers.get('content-type')).toBe('image/jpeg')
    const mainMeta = await sharp(new Uint8Array(await main.arrayBuffer())).metadata()
    expect([mainMeta.format, mainMeta.width, mainMeta.height]).toEqual(['jpeg', 1600, 800])
    expect(mainMeta.exif).toBeUndefined()

    const preview = await media(avatar.preview_url)
    expect(preview.status).toBe(200)
    const meta = await sharp(new Uint8Array(await preview.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 130, 130])
    expect(meta.exif).toBeUndefined()

    const profile = (await c.api.get('/tutor/profile/get')).json.data
    expect(profile.avatar).toMatchObject({ url: avatar.url, preview_url: avatar.preview_url })
    // The signed-in tutor's auth object shows it too.
    const info = (await c.api.get('/tutor/auth/role/get')).json.auth.tutor_info
    expect(info !== false && info.avatar).toBe(avatar.url)
  })

  test('crop: from the stored original; the old files go; a crop outside the image is a 422', async () => {
    const { c } = await newTutor()
    const png = await sharp({
      create: { width: 1000, height: 800, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer()
    const first = (await setAvatar(c, png)).json.data!
    const res = await c.api.post('/tutor/profile/avatar/crop', { x: 100, y: 50, width: 500, height: 400 })
    expect(res.status).toBe(200)
    const cropped = res.json.data!
    expect(cropped.url).not.toBe(first.url)
    expect(cropped.crop).toEqual({ x: 100, y: 50, width: 500, height: 400 })
    const meta = await sharp(new Uint8Array(await (await media(cropped.url)).arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([500, 400])
    const pm = await sharp(new Uint8Array(await (await media(cropped.preview_url)).arrayBuffer())).metadata()
    expect([pm.width, pm.height]).toEqual([130, 130])
    expect((await media(first.url)).status).toBe(404)
    expect((await media(first.preview_url)).status).toBe(404)

    const outside = await c.api.post('/tutor/profile/avatar/crop', { x: 900, y: 0, width: 200, height: 100 })
    expect(outside.status).toBe(422)
    expect(Object.keys(fieldErrors(outside.json))).toEqual(['width'])
    // A second crop still starts from the original, not from the first crop.
    const wide = await c.api.post('/tutor/profile/avatar/crop', { x: 0, y: 0, width: 1000, height: 800 })
    expect(wide.status).toBe(200)
    const wm = await sharp(new Uint8Array(await (await media(wide.json.data!.url)).arrayBuffer())).metadata()
    expect([wm.width, wm.height]).toEqual([1000, 800])
  })

  test('remove: no avatar, files gone; crop without an avatar is 409', async () => {
    const { c } = await newTutor()
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: 'white' } })
      .png()
      .toBuffer()
    const set = (await setAvatar(c, png)).json.data!
    const res = await c.api.post('/tutor/profile/avatar/remove')
    expect(res.status).toBe(200)
    expect(res.json.data).toBeNull()
    expect((await c.api.get('/tutor/profile/get')).json.data.avatar).toBeNull()
    expect((await media(set.url)).status).toBe(404)
    expect((await media(set.preview_url)).status).toBe(404)
    const crop = await c.api.post('/tutor/profile/avatar/crop', { x: 0, y: 0, width: 10, height: 10 })
    expect(crop.status).toBe(409)
  })

  test('non-images, oversize files and pixel floods are refused with 422 image; the server keeps answering', async () => {
    const { c } = await newTutor()
    for (const [bytes, name] of [
      [PDF, 'me.png'],
      [HTML, 'me.jpg'],
      [EXE, 'me.png'],
      [enc.encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'me.svg'],
    ] as const) {
      const res = await setAvatar(c, bytes, name, 'image/png')
      expect(res.status).toBe(422)
      expect(Object.keys(fieldErrors(res.json))).toEqual(['image'])
    }
    const big = new Uint8Array(MAX_FILE_BYTES + 1)
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect((await setAvatar(c, big)).status).toBe(422)

    // 100 megapixels in a ~300 KB PNG.
    const flood = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: 'white' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(flood.byteLength).toBeLessThan(MAX_FILE_BYTES)
    const res = await setAvatar(c, flood, 'flood.png')
    expect(res.status).toBe(422)
    expect(fieldErrors(res.json).image![0]).toContain('megapixels')

    // A header that claims 50000×50000 with almost no data behind it.
    const bomb = pngWithHeader(50000, 50000)
    const bombRes = await setAvatar(c, bomb, 'bomb.png')
    expect(bombRes.status).toBe(422)
    expect(fieldErrors(bombRes.json).image![0]).toContain('megapixels')

    expect((await new Client(app.url).raw.get('/healthz')).status).toBe(200)
    expect((await c.api.get('/tutor/profile/get')).json.data.avatar).toBeNull()
  })

  test('staff of the tutors area set, crop and remove a tutor’s avatar; others may not', async () => {
    const { tutorId, c } = await newTutor()
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: 'gray' } })
      .png()
      .toBuffer()
    const staff = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
    const set = await setAvatar(staff, png, 'a.png', 'image/png', '/admin/tutor/profile/avatar/set', {
      tutor_id: String(tutorId),
    })
    expect(set.status).toBe(200)
    expect((await c.api.get('/tutor/profile/get')).json.data.avatar!.url).toBe(set.json.data!.url)
    const crop = await staff.api.post('/admin/tutor/profile/avatar/crop', {
      tutor_id: tutorId,
      x: 0,
      y: 0,
      width: 200,
      height: 200,
    })
    expect(crop.status).toBe(200)
    const log = await app.services.db
      .selectFrom('audit_log')
      .select(['action', 'actor_kind'])
      .where('entity', '=', 'tutor')
      .where('entity_id', '=', tutorId)
      .where('action', 'like', 'tutor.avatar%')
      .orderBy('id')
      .execute()
    expect(log).toEqual([
      { action: 'tutor.avatar_set', actor_kind: 'staff' },
      { action: 'tutor.avatar_crop', actor_kind: 'staff' },
    ])
    expect((await staff.api.post('/admin/tutor/profile/avatar/remove', { tutor_id: 99999999 })).status).toBe(404)

    const content = await signedIn(app, { staff: (await makeStaff(app, 3)).email })
    expect((await content.api.post('/admin/tutor/profile/avatar/remove', { tutor_id: tutorId })).status).toBe(403)
    expect((await c.api.post('/admin/tutor/profile/avatar/remove', { tutor_id: tutorId })).status).toBe(403)
    expect((await staff.api.post('/admin/tutor/profile/avatar/remove', { tutor_id: tutorId })).status).toBe(200)
    expect((await c.api.get('/tutor/profile/get')).json.data.avatar).toBeNull()
  })

  test('a photo earns its ranking points in the catalogue at once', async () => {
    const { c, tutorId } = await newTutor()
    await c.api.post('/tutor/profile/save', {
      tutor: { subjects: [{ subject_id: ref.lessons.english }], work_online: true },
    })
    await app.services.db.updateTable('tutors').set({ published: true }).where('id', '=', tutorId).execute()
    await refreshListings(app.services.db, [tutorId])
    const why = async () => {
      const res = await new Client(app.url).api.get('/client/tutors?lesson=anglijska&online=1')
      const item = (
        res.json.data.items as { id: number; why: { parts: { reason: string }[] }; avatar: unknown }[]
      ).find((i) => i.id === tutorId)!
      return { photo: item.why.parts.some((p) => p.reason === 'photo'), avatar: item.avatar }
    }
    expect((await why()).photo).toBe(false)
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: 'white' } })
      .png()
      .toBuffer()
    const set = (await setAvatar(c, png)).json.data!
    expect(await why()).toEqual({ photo: true, avatar: { url: set.url, preview_url: set.preview_url } })
    await c.api.post('/tutor/profile/avatar/remove')
    expect((await why()).photo).toBe(false)
  })
})

/** A PNG whose IHDR claims width × height, followed by a tiny IDAT and IEND (CRCs correct). */
function pngWithHeader(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length)
    const view = new DataView(out.buffer)
    view.setUint32(0, data.length)
    out.set(enc.encode(type), 4)
    out.set(data, 8)
    view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)))
    return out
  }
  const ihdr = new Uint8Array(13)
  const v = new DataView(ihdr.buffer)
  v.setUint32(0, width)
  v.setUint32(4, height)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const idat = Bun.deflateSync(new Uint8Array(1024))
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', new Uint8Array([0x78, 0x9c, ...idat])),
    chunk('IEND', new Uint8Array()),
  ]
  const total = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let o = 0
  for (const p of parts) {
    total.set(p, o)
    o += p.length
  }
  return total
}
