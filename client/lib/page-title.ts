// The document title on in-app navigation. The server writes the first page's <title> (server/ssr/
// head.ts: "<page title> | <site name>"); after that wouter changes pages without a request, so the
// route's title is set here on every navigation (a layout effect), and pages whose title comes with
// their data set theirs afterwards (data-title.ts, a passive effect: layout effects run first).
// Kept tiny: it is in every page's first load.
import { useLayoutEffect } from 'react'
import { useSite } from './site'

/** The route's title (from the page table) on every path change. */
export function useRouteTitle(title: string, path: string) {
  const name = useSite().edition.siteName
  useLayoutEffect(() => {
    document.title = `${title} | ${name}`
  }, [title, path, name])
}
