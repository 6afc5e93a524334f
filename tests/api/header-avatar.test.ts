// The header's menu button shows the signed-in tutor's photo (its 130×130 preview) when they have one,
// else their initial; a client has the initial.
import { expect, test } from 'bun:test'
import { makePerson, signedIn, useTestApp } from '../helpers/app'

const app = useTestApp({ pages: true })

/** The menu button of the header the server rendered for this visitor. */
async function menuButton(as: Awaited<ReturnType<typeof signedIn>>) {
  const html = (await as.raw.get('/')).text
  const button = html.match(/<button[^>]*data-testid="user-menu"[^>]*>([\s\S]*?)<\/button>/)
  expect(button).not.toBeNull()
  return button![1]!
}

test("a tutor with a photo: the menu button shows the photo's preview, no initial", async () => {
  const tutor = await makePerson(app, { tutor: true })
  await app.services.db
    .updateTable('tutors')
    .set({ name: 'Фото Репетитор', avatar_url: '/files/avatars/7/me.jpg' })
    .where('id', '=', tutor.tutorId!)
    .execute()
  const button = await menuButton(await signedIn(app, { tutor: tutor.email }))
  expect(button).toContain('src="/files/avatars/7/me-130.jpg"')
  expect(button).toContain('alt=""')
})

test('a tutor without a photo and a client: the initial', async () => {
  const tutor = await makePerson(app, { tutor: true })
  await app.services.db
    .updateTable('tutors')
    .set({ name: 'Богдан Без Фото', first_name: 'Богдан' })
    .where('id', '=', tutor.tutorId!)
    .execute()
  const ofTutor = await menuButton(await signedIn(app, { tutor: tutor.email }))
  expect(ofTutor).not.toContain('<img')
  expect(ofTutor).toContain('>Б</span>')
  const client = await makePerson(app, { client: true })
  const ofClient = await menuButton(await signedIn(app, { client: client.email }))
  expect(ofClient).not.toContain('<img')
})
