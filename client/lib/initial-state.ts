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
}

export const INITIAL_STATE_ID = '__INITIAL_STATE__'
