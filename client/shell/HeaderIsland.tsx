// The site header as an island: the one part of a public page that differs per visitor (their name,
// their cabinet's menu). The server renders the page itself without it, the same for everybody (so
// a rendered page can be kept and shared: server/ssr/shared-pages.ts), and renders this visitor's
// header apart into the island's element. The browser keeps that HTML untouched while it hydrates
// the page (the header was not rendered in the page's tree, so React must not compare it), then
// renders the live header in its place once the signed-in menus' code has loaded (the same markup;
// menus work from then on).
import { useEffect, useState } from 'react'
import { isHydrated } from '../components/ui/ClientOnly'
import { HEADER_ISLAND_ID } from '../lib/initial-state'
import { trpc } from '../lib/trpc'
import { PERSON_MENUS } from '../pages'
import type { PageMatch } from '../routes'
import { Header } from './Header'

/** The header HTML the server put into the island (nothing once the page has hydrated). */
function serverHtml(): string | null {
  if (typeof document === 'undefined' || isHydrated()) return null
  return document.getElementById(HEADER_ISLAND_ID)?.innerHTML || null
}

export function HeaderIsland({ page }: { page: PageMatch }) {
  // The server: an empty element, filled per visitor (server/ssr/render.tsx). The browser: the
  // server's HTML while hydrating; live at once when mounted later (an in-app navigation) or when
  // there is nothing rendered to keep (the dev server renders in the browser only).
  const [html] = useState(serverHtml)
  const [live, setLive] = useState(() => typeof document !== 'undefined' && html === null)
  const auth = trpc.auth.role.get.useQuery().data?.auth
  const signedIn = !!auth && (auth.tutor || auth.client || auth.admin)
  useEffect(() => {
    if (live) return
    let current = true
    // The signed-in menus are a chunk of their own: swap once it is here, so the menu never blinks out.
    const ready = signedIn && auth ? PERSON_MENUS.Component.preload().then(() => import('./PersonMenus').then((m) => m.preloadPersonMenus(auth))) : Promise.resolve()
    void ready.then(() => current && setLive(true))
    return () => {
      current = false
    }
  }, [live, signedIn, auth])

  if (typeof document === 'undefined') return <div id={HEADER_ISLAND_ID} />
  if (!live) return <div key="server" id={HEADER_ISLAND_ID} dangerouslySetInnerHTML={{ __html: html ?? '' }} suppressHydrationWarning />
  return (
    <div key="live" id={HEADER_ISLAND_ID}>
      <Header page={page} />
    </div>
  )
}
