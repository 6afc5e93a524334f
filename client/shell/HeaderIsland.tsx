// The site header as an island: the one part of a public page that differs per visitor (their name,
// their cabinet's menu). The server renders the page itself without it, the same for everybody (so a
// rendered page can be kept and shared: server/ssr/shared-pages.ts), and renders this visitor's header
// apart (client/Root.tsx HeaderRoot) into the island's element. In the browser the island is a React
// root of its own: the page's tree leaves the element's content alone, and the island's root hydrates
// the server's header HTML (the same tree as on the server, so it matches; a late menus chunk keeps
// the server's HTML until it arrives), then follows the page on in-app navigations. Without server
// HTML (mounted by a navigation, or the dev server) the header renders in the page's tree.
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react'
import { type Root, hydrateRoot } from 'react-dom/client'
import { HeaderRoot } from '../Root'
import { HEADER_ISLAND_ID } from '../lib/initial-state'
import { ISLAND_ID_PREFIX, islandProps } from '../lib/island'
import type { PageMatch } from '../../common/routes'
import { Header } from './Header'

export function HeaderIsland({ page }: { page: PageMatch }) {
  const element = useRef<HTMLDivElement>(null)
  const root = useRef<Root>(null)
  // The server's header HTML, read once before the first render; the page's tree keeps it as is.
  const [html] = useState(() =>
    typeof document === 'undefined' ? '' : (document.getElementById(HEADER_ISLAND_ID)?.innerHTML ?? ''),
  )

  // The island's root hydrates in slices (as the page's own root, client/main.tsx); a page changed before
  // that has finished is rendered once it has: React switches a root updated while it is still hydrating
  // to client rendering and reports it as an error (React error 424).
  // Unmounting is an update too (it renders nothing): an island left before it has hydrated is
  // unmounted once it has.
  const hydrated = useRef(false)
  const waiting = useRef<ReactNode>(null)
  const left = useRef(false)
  const onHydrated = useRef(() => {
    hydrated.current = true
    // (Not inside this root's own commit: React refuses to unmount a root while it renders.)
    if (left.current) setTimeout(() => root.current?.unmount())
    else if (waiting.current) root.current?.render(waiting.current)
    waiting.current = null
  }).current
  useEffect(() => {
    if (!html) return
    const tree = <HeaderRoot {...islandProps()!} page={page} onHydrated={onHydrated} />
    if (!root.current)
      startTransition(() => {
        root.current = hydrateRoot(element.current!, tree, { identifierPrefix: ISLAND_ID_PREFIX })
      })
    else if (hydrated.current) root.current.render(tree)
    else waiting.current = tree
  }, [page, html, onHydrated])
  useEffect(
    () => () =>
      void setTimeout(() => {
        left.current = true
        if (hydrated.current) root.current?.unmount()
      }),
    [],
  )

  if (typeof document === 'undefined') return <div id={HEADER_ISLAND_ID} />
  if (!html)
    return (
      <div id={HEADER_ISLAND_ID}>
        <Header page={page} />
      </div>
    )
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server-rendered header read back from this page, kept as it is
  return <div ref={element} id={HEADER_ISLAND_ID} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
}
