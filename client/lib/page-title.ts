// The document title on in-app navigation. The server writes the first page's <title> (server/ssr/
// head.ts: "<page title> | <site name>"); after that wouter changes pages without a request, so the
// route's title is set here on every navigation, and pages whose title comes with their data (a
// tutor's profile, a catalogue page) set theirs once it is there. The route's runs as a layout
// effect, a page's as a passive one: layout effects all run first, so the page's own title wins.
import { useEffect, useLayoutEffect } from 'react'
import { useSite } from './site'

const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

/** A tutor profile's title, the same on the server and in the browser: "Name — Subject, Subject". */
export function profileTitle(tutor: { name: string; lessons: { name: string }[] }): string {
  const subjects = tutor.lessons.map((l) => l.name).join(', ')
  return subjects ? `${tutor.name} — ${subjects}` : tutor.name
}

/** The route's title (from the page table) on every path change. */
export function useRouteTitle(title: string, path: string) {
  const { edition } = useSite()
  useBrowserLayoutEffect(() => {
    document.title = `${title} | ${edition.siteName}`
  }, [title, path, edition.siteName])
}

/** A page's own title, once its data has come (nothing while it has not). */
export function usePageTitle(title: string | null | undefined) {
  const { edition } = useSite()
  useEffect(() => {
    if (title) document.title = `${title} | ${edition.siteName}`
  }, [title, edition.siteName])
}
