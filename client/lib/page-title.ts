// The document title on in-app navigation. The server writes the first page's <title> (server/ssr/
// head.ts: "<page title> | <site name>"); after that wouter changes pages without a request, so the
// route's title is set here on every navigation (a layout effect), and pages whose title comes with
// their data set theirs afterwards (usePageTitle below, a passive effect: layout effects run first).
// Kept tiny: it is in every page's first load.
import { useEffect, useLayoutEffect } from 'react'
import { useSite } from './site'
import type { ViewData } from './analytics'

/** The route's title (from the page table) on every path change. */
export function useRouteTitle(title: string, path: string) {
  const name = useSite().edition.siteName
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new route sets the title again, even when the text is the same
  useLayoutEffect(() => {
    document.title = `${title} | ${name}`
  }, [title, path, name])
}

/** A tutor profile's title, the same on the server and in the browser: "Name — Subject, Subject". */
export function profileTitle(tutor: { name: string; lessons: { name: string }[] }): string {
  const subjects = tutor.lessons.map((l) => l.name).join(', ')
  return subjects ? `${tutor.name} — ${subjects}` : tutor.name
}

/** A page's own title, once its data has come (nothing while it has not): a profile, a catalogue page. */
export function usePageTitle(title: string | null | undefined) {
  const name = useSite().edition.siteName
  useEffect(() => {
    if (title) document.title = `${title} | ${name}`
  }, [title, name])
}

/**
 * What a page shows, for analytics (view_item_list, view_item): dispatched as a window event that
 * client/main.tsx turns into the analytics push (client/lib/analytics.ts, loaded on the first one).
 * Here, beside the data titles, because both pages that announce already load this module.
 */
export const VIEW_EVENT = 'tm:view'
export function announceView(detail: ViewData) {
  window.dispatchEvent(new CustomEvent(VIEW_EVENT, { detail }))
}
