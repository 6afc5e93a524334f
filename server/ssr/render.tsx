// Server rendering of pages: the same React tree the browser hydrates, with the data it needs
// prefetched through the procedures themselves (react-query cache → dehydrated state). Pages are
// lazy chunks (client/pages.ts): the stream is read once every boundary is ready, so the HTML is
// complete, and the head preloads the page's chunk and its language's catalog.
import { dehydrate } from '@tanstack/react-query'
import { createServerSideHelpers } from '@trpc/react-query/server'
import { join } from 'node:path'
import { renderToReadableStream } from 'react-dom/server'
import { catalogs } from '../../i18n/catalogs'
import { CATALOG_MODULES } from '../../i18n/load'
import { Root } from '../../client/Root'
import { INITIAL_STATE_ID, type InitialState } from '../../client/lib/initial-state'
import { makeQueryClient, makeTrpcClient } from '../../client/lib/query'
import { PAGE_MODULES, PERSON_MENUS } from '../../client/pages'
import { matchPage, notFoundPage } from '../../client/routes'
import { appRouter } from '../routers/app'
import { type AppServices, type RequestMeta, createContext } from '../trpc/context'
import { preloadTags, readManifest } from './assets'
import { renderHead, scriptJson } from './head'
import { loadPageData } from './loaders'
import { MICRO_CACHE_TTL_MS, microCache } from '../http/micro-cache'

/** The browser's query client without retries: a page render never waits a retry's second (a missing tutor is a 404, not a flaky read). */
function serverQueryClient() {
  const client = makeQueryClient()
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } })
  return client
}

const LANG_ATTR = { ua: 'uk', ru: 'ru', en: 'en', pl: 'pl', es: 'es' } as const

export async function createPageRenderer(services: AppServices, clientDir: string) {
  const template = await Bun.file(join(clientDir, 'index.html'))
    .text()
    .catch(() => '<!doctype html><html lang="<!--lang-->"><head><!--head--></head><body><div id="root"><!--app--></div><!--state--></body></html>')
  const preloads = preloadTags(readManifest(clientDir))

  const cache = microCache(services.env.NODE_ENV === 'production' ? MICRO_CACHE_TTL_MS : 0)

  return async function renderPage(req: Request, url: URL, meta: RequestMeta): Promise<Response> {
    const cacheKey = cache.keyOf(req, url, meta.locale)
    const cached = cacheKey ? cache.get(cacheKey, req) : null
    if (cached) return cached
    const matched = matchPage(url.pathname, services.edition)
    const resHeaders = new Headers()
    const ctx = await createContext(services, req, meta, resHeaders)
    const helpers = createServerSideHelpers({ router: appRouter, ctx, queryClient: serverQueryClient() })
    const [role, data] = await Promise.all([
      helpers.auth.role.get.fetch().catch(() => undefined),
      loadPageData(matched, url, helpers, { origin: meta.origin, edition: services.edition, locale: meta.locale }),
      helpers.public.site.footer.prefetch(),
    ])
    // A data page whose slug or tutor does not exist renders the 404 page (client/App.tsx does the same).
    const page = data.status === 404 && matched.status !== 404 ? notFoundPage(matched.path) : matched

    const initial: InitialState = {
      edition: services.edition.code,
      locale: meta.locale,
      dehydrated: dehydrate(helpers.queryClient),
      status: data.status,
      path: url.pathname,
    }
    const appHtml = await renderApp(
      <Root
        initial={initial}
        queryClient={helpers.queryClient}
        trpcClient={makeTrpcClient(meta.origin)}
        catalog={catalogs[meta.locale]}
        ssrPath={url.pathname}
        ssrSearch={url.search.slice(1)}
      />,
    )
    const head = [
      renderHead({ page, edition: services.edition, locale: meta.locale, origin: meta.origin, ...data }),
      preloads([
        CATALOG_MODULES[meta.locale].src,
        PAGE_MODULES[page.name].src,
        // The header's menus for a signed-in person or staff (the browser hydrates them once they arrive).
        ...(page.shell === 'public' && (role?.auth.tutor || role?.auth.client || role?.auth.admin) ? [PERSON_MENUS.src] : []),
      ]),
    ]
      .filter(Boolean)
      .join('\n    ')
    const html = template
      // Replacer functions: `$&` and the like in the page's text are not replacement patterns.
      .replace('<!--lang-->', LANG_ATTR[meta.locale])
      .replace('<!--head-->', () => head)
      .replace('<!--app-->', () => appHtml)
      .replace('<!--state-->', () => `<script type="application/json" id="${INITIAL_STATE_ID}">${scriptJson(initial)}</script>`)
    resHeaders.set('content-type', 'text/html; charset=utf-8')
    resHeaders.set('cache-control', 'no-store')
    if (cacheKey && data.status === 200 && page.indexable && !resHeaders.has('set-cookie')) cache.set(cacheKey, html, resHeaders)
    return new Response(html, { status: data.status, headers: resHeaders })
  }
}

/** The whole HTML of the tree, once every lazy chunk has loaded; a render error fails the request. */
async function renderApp(tree: React.ReactNode): Promise<string> {
  const errors: unknown[] = []
  // No progressive chunks: React would move finished boundaries out of line and rely on an inline
  // script (refused by our CSP) to put them back. The stream is awaited whole anyway.
  const stream = await renderToReadableStream(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) })
  await stream.allReady
  const html = await new Response(stream).text()
  if (errors.length) throw errors[0]
  return html
}
