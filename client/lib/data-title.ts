// Titles that come with a page's data (a tutor's profile, a catalogue page): set once the data is
// there, after the route's own title (page-title.ts).
import { useEffect } from 'react'
import { useSite } from './site'

/** A tutor profile's title, the same on the server and in the browser: "Name — Subject, Subject". */
export function profileTitle(tutor: { name: string; lessons: { name: string }[] }): string {
  const subjects = tutor.lessons.map((l) => l.name).join(', ')
  return subjects ? `${tutor.name} — ${subjects}` : tutor.name
}

/** A page's own title, once its data has come (nothing while it has not). */
export function usePageTitle(title: string | null | undefined) {
  const name = useSite().edition.siteName
  useEffect(() => {
    if (title) document.title = `${title} | ${name}`
  }, [title, name])
}
