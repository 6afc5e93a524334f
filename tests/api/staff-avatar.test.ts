// A staff member's own avatar (POST /admin/admin/avatar/set|crop|remove): the same image handling as a
// tutor's, but the files are private: GET /admin/admin/avatar/file answers staff only, and nothing is
// served under /media/.
import { describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import { serveMedia } from '../../server/integrations/storage/media'
import { fileStorage } from '../../server/integrations/storage/storage'
import { type Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type HttpAnswer, type RestReply, fieldErrors } from '../helpers/api'

const app = useTestApp()

function setAvatar(c: Client, bytes: Uint8Array, name: string, type: string, extra: Record<string, string> = {}) {
  const form = new FormData()
  form.append('image', new File([new Uint8Array(bytes)], name, { type }))
  for (const [k, v] of Object.entries(extra)) form.append(k, v)
  return c.request('POST', '/admin/admin/avatar/set', { body: form }) as Promise<
    HttpAnswer<RestReply<'/admin/admin/avatar/set'>>
  >
}

const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#cc6633' } })
    .withExif({ IFD0: { ImageDescription: 'home address' } })
    .jpeg()
    .toBuffer()

async function imageAt(c: Client, url: string) {
  const res = await fetch(app.url + url, {
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  })
  if (res.status !== 200) return { status: res.status, meta: null, headers: res.headers }
  const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata()
  return { status: res.status, meta, headers: res.headers }
}

describe('staff own avatar', () => {
  test('set (multipart), read by staff only, shown in the auth object; crop; remove', async () => {
    const me = await makeStaff(app, 3)
    const c = await signedIn(app, { staff: me.email })
    const set = await setAvatar(c, await photo(), 'me.jpg', 'image/jpeg')
    expect(set.status).toBe(200)
    const avatar = set.json.data!
    expect(avatar.original).toEqual({ width: 1200, height: 800 })
    expect(avatar.crop).toBeNull()
    expect(avatar.url).toMatch(new RegExp(`^/admin/admin/avatar/file\\?id=${me.id}&v=[A-Za-z0-9_-]{22}$`))
    expect(avatar.preview_url).toBe(`${avatar.url}&size=preview`)

    // The staff member reads it: re-encoded JPEG without metadata, a 130×130 preview, never cached by others.
    const main = await imageAt(c, avatar.url)
    expect([main.status, main.meta?.format, main.meta?.width, main.meta?.height]).toEqual([200, 'jpeg', 1200, 800])
    expect(main.meta?.exif).toBeUndefined()
    expect(main.headers.get('cache-control')).toBe('private, no-store')
    const preview = await imageAt(c, avatar.preview_url)
    expect([preview.meta?.width, preview.meta?.height]).toEqual([130, 130])

    // Another staff member of any status reads it too (colleagues see each other in the panel).
    const colleague = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
    expect((await imageAt(colleague, avatar.preview_url)).status).toBe(200)
    // A tutor, a client and an anonymous visitor do not; nor is it under /media/.
    const person = await makePerson(app, { tutor: true, client: true })
    const tutor = await signedIn(app, { tutor: person.email })
    const client = await signedIn(app, { client: person.email })
    expect((await imageAt(tutor, avatar.url)).status).toBe(403)
    expect((await imageAt(client, avatar.url)).status).toBe(403)
    expect((await fetch(app.url + avatar.url)).status).toBe(401)
    const key = avatar.url.replace(/^.*v=/, '')
    const storage = fileStorage(app.services.env)
    const media = (path: string) => serveMedia(storage, new Request(app.url + path), path)
    expect((await media(`/media/staff-avatars/${me.id}/${key}-main.jpg`)).status).toBe(404)

    // The auth object carries the preview.
    const auth = (await c.api.get('/tutor/auth/role/get')).json.auth
    expect(auth.admin_info).toMatchObject({ admin_id: me.id, avatar: avatar.preview_url })

    // Crop: a square of the stored original; a new address; the old image is gone.
    const crop = await c.api.post('/admin/admin/avatar/crop', { x: 200, y: 100, width: 600, height: 600 })
    expect(crop.status).toBe(200)
    const cropped = crop.json.data!
    expect(cropped.crop).toEqual({ x: 200, y: 100, width: 600, height: 600 })
    expect(cropped.url).not.toBe(avatar.url)
    const after = await imageAt(c, cropped.url)
    expect([after.meta?.width, after.meta?.height]).toEqual([600, 600])
    // A crop outside the original is a 422 on its field.
    const outside = await c.api.post('/admin/admin/avatar/crop', { x: 1100, y: 0, width: 200, height: 100 })
    expect(outside.status).toBe(422)
    expect(Object.keys(fieldErrors(outside.json))).toEqual(['width'])

    // Remove: no avatar, the file is gone, the auth object says null; a crop without one is 409.
    const removed = await c.api.post('/admin/admin/avatar/remove')
    expect(removed.status).toBe(200)
    expect(removed.json.data).toBeNull()
    expect((await imageAt(c, cropped.url)).status).toBe(404)
    expect((await c.api.get('/tutor/auth/role/get')).json.auth.admin_info).toMatchObject({ avatar: null })
    expect((await c.api.post('/admin/admin/avatar/crop', { x: 0, y: 0, width: 10, height: 10 })).status).toBe(409)

    const log = await app.services.db
      .selectFrom('audit_log')
      .select(['action', 'actor_kind', 'actor_id', 'entity_id'])
      .where('entity', '=', 'staff')
      .where('entity_id', '=', me.id)
      .where('action', 'like', 'staff.avatar%')
      .orderBy('id')
      .execute()
    expect(log.map((r) => r.action)).toEqual(['staff.avatar_set', 'staff.avatar_crop', 'staff.avatar_remove'])
    expect(log.every((r) => r.actor_kind === 'staff' && r.actor_id === me.id)).toBe(true)
  })

  test('a non-image is refused with the contract’s fail envelope; the avatar stays as it was', async () => {
    const c = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>')
    const res = await setAvatar(c, html, 'me.jpg', 'image/jpeg')
    expect(res.status).toBe(422)
    expect(res.json.status).toBe('fail')
    expect(Object.keys(fieldErrors(res.json))).toEqual(['image'])
    expect((await c.api.get('/tutor/auth/role/get')).json.auth.admin_info).toMatchObject({ avatar: null })
  })

  test('a tutor or a client may not set, crop or remove a staff avatar', async () => {
    const person = await makePerson(app, { tutor: true, client: true })
    for (const c of [await signedIn(app, { tutor: person.email }), await signedIn(app, { client: person.email })]) {
      const set = await setAvatar(c, await photo(), 'me.jpg', 'image/jpeg')
      expect(set.status).toBe(403)
      expect(set.json).toMatchObject({ status: 'fail', error: 'forbidden' })
      expect((await c.api.post('/admin/admin/avatar/crop', { x: 0, y: 0, width: 10, height: 10 })).status).toBe(403)
      expect((await c.api.post('/admin/admin/avatar/remove')).status).toBe(403)
    }
  })
})
