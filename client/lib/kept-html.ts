// Server rendering only: a component whose HTML is a pure function of its props (a tutor card) asks
// the renderer for the HTML it rendered before for the same props, and is drawn from it as its
// element's inner HTML instead of being rendered again (server/ssr/kept-html.ts keeps them). The
// browser has no kept HTML (the context is null there) and renders the component; the DOM it
// hydrates is the same either way, because the kept HTML is what React rendered for those props.
import { createContext, useContext } from 'react'

export interface KeptHtml {
  /**
   * The inner HTML kept for `data` (an object of the page's state, serialised by the renderer) drawn
   * as `variant` (the other props and the language) in the element that opens with `open`, or
   * undefined: the component renders, and the renderer keeps what it rendered.
   */
  take(data: object, variant: string, open: string): string | undefined
  /** The same for a part drawn from page-wide reads, kept by the reads' identity (the same objects while kept). */
  takeShared(reads: readonly object[], variant: string, open: string): string | undefined
}

export const KeptHtmlContext = createContext<KeptHtml | null>(null)

/** The kept inner HTML for `data` drawn as `variant`, on the server; always undefined in the browser. */
export function useKeptHtml(data: object, variant: string, open: string): string | undefined {
  return useContext(KeptHtmlContext)?.take(data, variant, open)
}

/** The kept inner HTML drawn from `reads` (undefined ones: nothing kept) as `variant`, on the server. */
export function useKeptSharedHtml(reads: readonly (object | undefined)[], variant: string, open: string) {
  const kept = useContext(KeptHtmlContext)
  if (!kept || reads.some((r) => r === undefined)) return undefined
  return kept.takeShared(reads as object[], variant, open)
}
