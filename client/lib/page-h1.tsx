// A page's heading: its own, or the staff's h1 for this path and language (panel SEO → page metatags)
// where the server found one. The server passes it with the first HTML
// (InitialState.h1) for the path it rendered, so the server's HTML and the hydration agree; after an
// in-app navigation to another path the page's own heading is back. A module of its own, outside the
// shell: the catalogue pages (the largest first load) keep the h1 of their catalogue SEO texts.
import { useLocation } from 'wouter'
import { useSite } from './site'

export function usePageH1(own: string): string
export function usePageH1(own: string | undefined): string | undefined
export function usePageH1(own: string | undefined): string | undefined {
  const [location] = useLocation()
  const { staffH1, statusPath } = useSite()
  return staffH1 && location === statusPath ? staffH1 : own
}

/** The page's <h1>: `children` (its own heading), or the staff's h1 for this path. */
export function PageH1({ className, children }: { className?: string; children: string | undefined }) {
  return <h1 className={className}>{usePageH1(children)}</h1>
}
