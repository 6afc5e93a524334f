/// <reference types="vite/client" />
import './styles.css'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { loadCatalog } from '../i18n/load'
import { EDITIONS } from '../common/editions'
import { INITIAL_STATE_ID, type InitialState } from './lib/initial-state'
import { makeQueryClient, makeTrpcClient } from './lib/query'
import { setIslandProps } from './lib/island'
import { PAGE_MODULES } from './pages'
import { VIEW_EVENT } from './lib/page-title'
import type { ViewData } from './lib/analytics'
import { Root } from './Root'
import { reloadOnStaleChunk } from './lib/stale-chunks'
import { matchPage, notFoundPage } from '../common/routes'

const stateElement = document.getElementById(INITIAL_STATE_ID)
const queryClient = makeQueryClient()
const trpcClient = makeTrpcClient()
const root = document.getElementById('root')!

// Vite dev server: no server rendering, so render from scratch with the default edition.
const initial: InitialState = stateElement
  ? (JSON.parse(stateElement.textContent ?? '{}') as InitialState)
  : { edition: 'ua', locale: 'ua', dehydrated: { queries: [], mutations: [] }, status: 200, path: location.pathname }

// Before the first render: the page language's messages and the current page's chunk (the server
// has modulepreloaded both), so hydration renders the server's HTML at once. Areas rendered in the
// browser only start downloading now and show their fallback meanwhile. (No top-level await: page
// chunks import this entry chunk, which must have finished evaluating.)
async function start() {
  const path = window.location.pathname
  const page =
    initial.status === 404 && path === initial.path ? notFoundPage(path) : matchPage(path, EDITIONS[initial.edition])
  const pageReady = PAGE_MODULES[page.name].Component.preload()
  const catalog = await loadCatalog(initial.locale).catch(() => loadCatalog(initial.locale))
  if (!page.clientOnly) await pageReady
  setIslandProps({ initial, queryClient, trpcClient, catalog })
  const app = <Root initial={initial} queryClient={queryClient} trpcClient={trpcClient} catalog={catalog} />
  // Hydration as a transition: React hydrates in slices and yields to the browser between them (a plain
  // hydrateRoot renders the whole page in one task, which a phone's main thread is blocked by; measured
  // in docs/decisions.md, "Hydration in slices").
  if (stateElement) startTransition(() => void hydrateRoot(root, app))
  else createRoot(root).render(app)
}

// A paid click's parameters (gclid, cpc/cpm, affiliate pair, admitad) go to the tracking call at once.
if (/[?&](gclid|utm_medium|aff_id|admitad_uid)=/.test(window.location.search))
  void import('./lib/ad-click').then((m) => m.rememberAdClick())
// Pages announce what they show (view_item_list, view_item) with a VIEW_EVENT; the analytics layer is
// loaded on the first one. An event rather than an import in each page: a dynamic import costs every
// page that has it its preload list in the first load.
// Loading a chunk adds its preload links to the document, which costs a style pass: off the hydration's
// task, when the browser is idle (at most two seconds later).
const whenIdle = (work: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 1)
window.addEventListener(VIEW_EVENT, (e) => {
  const view = (e as CustomEvent<ViewData>).detail
  whenIdle(() => void import('./lib/analytics').then((m) => m.pushView(view)))
})
reloadOnStaleChunk()
void start()
// Web vitals of a share of visitors: its own chunk, fetched after the page, not part of the first load.
// The live-chat widget, when the deployment configured one for this edition: loaded after consent.
const liveChat = initial.liveChat
if (liveChat) void import('./lib/live-chat').then((m) => m.startLiveChat(liveChat, initial.edition))
// (Its observers read buffered entries, so the paints before it loaded are seen.)
whenIdle(
  () =>
    void import('./lib/web-vitals').then((m) =>
      m.startWebVitals({ rate: initial.vitalsRate, edition: initial.edition }),
    ),
)
