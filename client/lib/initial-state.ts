// What the server hands the browser with the first HTML: enough to hydrate without a round trip.
import type { DehydratedState } from '@tanstack/react-query'
import type { EditionCode, Locale } from '../../common/editions'
import type { LiveChatConfig } from '../../common/live-chat'

export interface InitialState {
  edition: EditionCode
  locale: Locale
  /** react-query cache filled by the server's prefetch (auth, footer, page data). */
  dehydrated: DehydratedState
  /** HTTP status the server answered with (404 and 410 pages render their own content). */
  status: number
  /** The path that status belongs to: a catalogue or profile path the server found empty is a 404 there only. */
  path: string
  /** The share of browsers that send web vitals (WEB_VITALS_RATE, 0..1; client/lib/web-vitals.ts). */
  vitalsRate?: number
  /** The live-chat widget to load after consent (client/lib/live-chat.ts); absent: none. */
  liveChat?: LiveChatConfig
  /** The staff's h1 for that path (panel SEO → page metatags), when set: the page's heading there (client/lib/page-h1.tsx). */
  h1?: string
}

export const INITIAL_STATE_ID = '__INITIAL_STATE__'

/** The element the visitor's header is rendered into (client/shell/HeaderIsland.tsx). */
export const HEADER_ISLAND_ID = 'site-header'
