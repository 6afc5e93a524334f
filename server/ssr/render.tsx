// Server rendering of pages: the same React tree the browser hydrates, with the data it needs
// prefetched through the procedures themselves (react-query cache → dehydrated state).
import { dehydrate } from '@tanstack/react-query'
import { createServerSideHelpers } from '@trpc/react-query/server'
import { join } from 'node:path'
import { renderToString } from 'react-dom/server'
import { Root } from '../../client/Root'
import { INITIAL_STATE_ID, type InitialState } from '../../client/lib/initial-state'
import { makeQueryClient, makeTrpcClient } from '../../client/lib/query'
import { matchPage } from '../../client/routes'
import { appRouter } from '../routers/app'
import { type AppServices, type RequestMeta, createContext } from '../trpc/context'
import { renderHead, scriptJson } from './head'

const LANG_ATTR = { ua: 'uk', ru: 'ru', en: 'en', pl: 'pl', es: 'es' } as const

export async function createPageRenderer(services: AppServices, clientDir: string) {
  const template = await Bun.file(join(clientDir, 'index.html'))
    .text()
    .catch(() => '<!doctype html><html lang="<!--lang-->"><head><!--head--></head><body><div id="root"><!--app--></div><!--state--></body></html>')
  const origin = (url: URL) => services.env.PUBLIC_URL?.replace(/\/$/, '') ?? url.origin

  return async function renderPage(req: Request, url: URL, meta: RequestMeta): Promise<Response> {
    const page = matchPage(url.pathname, services.edition)
    const resHeaders = new Headers()
    const ctx = await createContext(services, req, meta, resHeaders)
    const helpers = createServerSideHelpers({ router: appRouter, ctx, queryClient: makeQueryClient() })
    await Promise.all([helpers.auth.role.get.prefetch(), helpers.public.site.footer.prefetch()])

    const initial: InitialState = { edition: services.edition.code, locale: meta.locale, dehydrated: dehydrate(helpers.queryClient), status: page.status }
    const appHtml = renderToString(
      <Root initial={initial} queryClient={helpers.queryClient} trpcClient={makeTrpcClient(url.origin)} ssrPath={url.pathname} ssrSearch={url.search.slice(1)} />,
    )
    const head = renderHead({ page, edition: services.edition, locale: meta.locale, origin: origin(url) })
    const html = template
      .replace('<!--lang-->', LANG_ATTR[meta.locale])
      .replace('<!--head-->', head)
      .replace('<!--app-->', appHtml)
      .replace('<!--state-->', `<script type="application/json" id="${INITIAL_STATE_ID}">${scriptJson(initial)}</script>`)
    resHeaders.set('content-type', 'text/html; charset=utf-8')
    resHeaders.set('cache-control', 'no-store')
    return new Response(html, { status: page.status, headers: resHeaders })
  }
}
