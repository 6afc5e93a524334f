// What the server hands the browser with the first HTML: enough to hydrate without a round trip.
import type { DehydratedState } from '@tanstack/react-query'
import type { EditionCode, Locale } from '../../server/domain/editions/editions'

export interface InitialState {
  edition: EditionCode
  locale: Locale
  /** react-query cache filled by the server's prefetch (auth, footer, page data). */
  dehydrated: DehydratedState
  /** HTTP status the server answered with (404 and 410 pages render their own content). */
  status: number
  /** The path that status belongs to: a catalogue or profile path the server found empty is a 404 there only. */
  path: string
}

export const INITIAL_STATE_ID = '__INITIAL_STATE__'

/**
 * The visitor's own part of a server-rendered page, apart from the page itself (which the server may
 * render once for every visitor: server/ssr/shared-pages.ts): the `auth.role.get` query, dehydrated.
 * client/main.tsx adds its queries to `dehydrated` before hydrating.
 */
export const PERSONAL_STATE_ID = '__PERSONAL_STATE__'

/** The element the visitor's header is rendered into (client/shell/HeaderIsland.tsx). */
export const HEADER_ISLAND_ID = 'site-header'
