// The document title on in-app navigation. The server writes the first page's <title> (server/ssr/
// head.ts: "<page title> | <site name>"); after that wouter changes pages without a request, so the
// route's title is set here on every navigation (a layout effect), and pages whose title comes with
// their data set theirs afterwards (usePageTitle below, a passive effect: layout effects run first).
// Kept tiny: it is in every page's first load.
import { useEffect, useLayoutEffect } from 'react'
import { useLocation } from 'wouter'
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

/**
 * The title of a screen inside an area (a cabinet tab, a panel page: "Гаманець | Site") over the area's
 * own ("Особистий кабінет"), so a person with several tabs open can tell them apart. A passive effect,
 * after the route's layout effect, again on every path (the route's effect has just set its own).
 */
export function useScreenTitle(title: string | null | undefined) {
  const name = useSite().edition.siteName
  const [path] = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path set the route's title, so set it again
  useEffect(() => {
    if (title) document.title = `${title} | ${name}`
  }, [title, name, path])
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
