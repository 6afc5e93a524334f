// Every path that takes an image refuses a pixel flood (over 40 megapixels by the header) with a 422
// before anything decodes it: avatars, profile documents that are images, chat media.
import { expect, test } from 'bun:test'
import { makePerson, signedIn, useTestApp } from '../helpers/app'
import { chatParties } from '../helpers/chat'
import { pngWithHeader } from '../helpers/images'
import { fieldErrors } from '../helpers/api'

const app = useTestApp()

// 400 megapixels declared in a file of about 1 KB; and one just within the cap.
const FLOOD = pngWithHeader(20000, 20000)
const WITHIN = pngWithHeader(5000, 8000)
const file = (bytes: Uint8Array, name: string) =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'image/png' })

test('chat media: a pixel flood is a 422 on media and nothing is stored', async () => {
  const p = await chatParties(app)
  const send = (bytes: Uint8Array) => {
    const form = new FormData()
    form.set('order_id', String(p.orderId))
    form.set('msg_service', '1')
    form.set('media', file(bytes, 'flood.png'))
    return p.staff.http.request('POST', '/admin/order/chat/send_service_message', { body: form })
  }
  const res = await send(FLOOD)
  expect(res.status).toBe(422)
  expect(fieldErrors(res.json).media?.[0]).toContain('megapixels')
  const stored = await app.services.db
    .selectFrom('chat_messages')
    .select('id')
    .where('order_id', '=', p.orderId)
    .where('media', 'is not', null)
    .execute()
  expect(stored).toEqual([])
  expect((await send(WITHIN)).status).toBe(200)
})

test('avatar: a pixel flood is a 422 on image', async () => {
  const p = await makePerson(app, { tutor: true })
  const c = await signedIn(app, { tutor: p.email })
  const form = new FormData()
  form.set('image', file(FLOOD, 'flood.png'))
  const res = await c.request('POST', '/tutor/profile/avatar/set', { body: form })
  expect(res.status).toBe(422)
  expect(fieldErrors(res.json).image?.[0]).toContain('megapixels')
})

test('profile documents: an image document that floods is a 422 on new_documents', async () => {
  const p = await makePerson(app, { tutor: true })
  const c = await signedIn(app, { tutor: p.email })
  const form = new FormData()
  form.set('tutor', JSON.stringify({}))
  form.append('new_documents[]', file(FLOOD, 'diploma.png'))
  const res = await c.request('POST', '/tutor/profile/save', { body: form })
  expect(res.status).toBe(422)
  expect(fieldErrors(res.json).new_documents?.[0]).toBe(
    'diploma.png: the image has too many pixels (at most 40 megapixels)',
  )
  const docs = await app.services.db
    .selectFrom('tutor_documents')
    .select('id')
    .where('tutor_id', '=', p.tutorId!)
    .execute()
  expect(docs).toEqual([])
})
