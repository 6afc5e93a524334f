// Server rendering of pages: the same React tree the browser hydrates, with the data it needs
// prefetched through the procedures themselves (react-query cache → dehydrated state). Pages are
// lazy chunks (client/pages.ts): the stream is read once every boundary is ready, so the HTML is
// complete, and the head preloads the page's chunk and its language's catalog.
//
// A page is rendered in two parts: the page itself, which depends on the address only, and the
// visitor's own part — the header (client/shell/HeaderIsland.tsx: their name and cabinet menu, or
// the login links) and the `auth.role.get` query it reads, added to the page's state. The page
// part of a catalogue page is kept and shared between visitors (shared-pages.ts); it is rendered
// without anybody's identity, so it can hold nothing personal.
import { dehydrate } from '@tanstack/react-query'
import { liveChatConfig } from '../env'
import { createServerSideHelpers } from '@trpc/react-query/server'
import { trpc } from '../../client/lib/trpc'
import { roleAnswer } from '../domain/auth/sessions'
import { join } from 'node:path'
import { renderToReadableStream, renderToString } from 'react-dom/server'
import type { QueryClient } from '@tanstack/react-query'
import type { AuthObject } from '../domain/auth/sessions'
import { preloadPersonMenus } from '../../client/shell/PersonMenus'
import { type Piece, composedBody, piece, plainBody } from './compose'
import { catalogs } from '../../i18n/catalogs'
import { CATALOG_MODULES } from '../../i18n/load'
import { HeaderRoot, Root } from '../../client/Root'
import { HEADER_ISLAND_ID, INITIAL_STATE_ID, type InitialState } from '../../client/lib/initial-state'
import { ISLAND_ID_PREFIX } from '../../client/lib/island'
import { catalogueInput } from '../../client/lib/page-queries'
import { makeQueryClient, makeTrpcClient } from '../../client/lib/query'
import { PAGE_MODULES, PERSON_MENUS } from '../../client/pages'
import { type PageMatch, matchPage, notFoundPage } from '../../common/routes'
import { pageCacheOn } from '../domain/catalogue/page-cache'
import { catalogueValidity } from '../domain/catalogue/search'
import { appRouter } from '../routers/app'
import { type AppServices, type Context, type RequestMeta, SessionCookie, createContext } from '../trpc/context'
import { preloadTags, readManifest } from './assets'
import { renderHead, scriptJson } from './head'
import { loadPageData } from './loaders'
import { keptAnswerJson, keptRead, prefetchKept, putQuery } from './kept-queries'
import { servedMetatags } from '../domain/site/page-metatags'
import { registerCache } from '../domain/shared/caches'
import { MICRO_CACHE_TTL_MS, microCache } from '../http/micro-cache'
import { type Validity, sharedPages } from './shared-pages'
import { type KeptHtmlRender, keptHtml as keptPageHtml, stateJson } from './kept-html'
import { keptCardJson, listedCards } from './listed-cards'

/**
 * The browser's query client without retries: a page render never waits a retry's second (a missing
 * tutor is a 404, not a flaky read); and without structural sharing, which only keeps a browser's
 * unchanged data the same objects between fetches (a render's client lives for one render).
 */
function serverQueryClient() {
  const client = makeQueryClient()
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false, structuralSharing: false },
  })
  return client
}

/**
 * The tRPC client a render hands to the tree: the server's queries are prefetched, so it is only there
 * for a query that is not (the browser's address). Made once per origin, not per render (its links
 * cost ~0.05 ms a page); the last origin is kept, so a forged Host header cannot grow a map.
 */
let lastTrpcClient: { origin: string; client: ReturnType<typeof makeTrpcClient> } | undefined
function trpcClientFor(origin: string) {
  if (lastTrpcClient?.origin !== origin) lastTrpcClient = { origin, client: makeTrpcClient(origin) }
  return lastTrpcClient.client
}

/** The `auth.role.get` query's key, as the browser's hooks make it (the visitor's query in a page's state). */
const ROLE_READ = keptRead(trpc.auth.role.get)
/** The footer and the site blocks: the same on every page of a language (kept-queries.ts). */
const FOOTER_READ = keptRead(trpc.public.site.footer)
const BLOCKS_READ = keptRead(trpc.public.site.blocks)

const LANG_ATTR = { ua: 'uk', ru: 'ru', en: 'en', pl: 'pl', es: 'es' } as const

/** What React renders into the header island's element on the server: nothing, filled per visitor. */
const ISLAND_OPEN = `<div id="${HEADER_ISLAND_ID}">`
const ISLAND_EMPTY = `${ISLAND_OPEN}</div>`

/** The page part of a response: the same for every visitor of the address. */
interface RenderedPage {
  status: 200 | 404 | 410
  page: PageMatch
  /**
   * The document around the visitor's three parts, which go between them: the signed-in menus'
   * preload tags (in the head), the header island's content, and the visitor's queries (who they
   * are: `auth.role.get`) at the end of the state's dehydrated query list.
   */
  parts: [string, string, string, string]
  /** The page's chunks (what the personal preload tags need not repeat). */
  preload: string[]
  /** Whether the page has a header island to fill. */
  island: boolean
  /** Whether the page's state has queries of its own (the visitor's follow a comma). */
  queries: boolean
  /** The parts encoded and compressed, made once for a kept page (compose.ts). */
  pieces?: Piece[]
}

/** The template around its markers, in document order. */
function splitTemplate(template: string): [string, string, string, string, string] {
  const marks = ['<!--lang-->', '<!--head-->', '<!--app-->', '<!--state-->']
  const out: string[] = []
  let rest = template
  for (const mark of marks) {
    const at = rest.indexOf(mark)
    if (at < 0) throw new Error(`index.html has no ${mark}`)
    out.push(rest.slice(0, at))
    rest = rest.slice(at + mark.length)
  }
  return [...out, rest] as [string, string, string, string, string]
}

/** Where the visitor's queries go in the page's state: a string no query can be, and its JSON. */
const VISITOR_SLOT = '\u0000visitor\u0000'
const VISITOR_SLOT_JSON = scriptJson(VISITOR_SLOT)

/** Anonymous headers kept per language and page path (the same for every anonymous visitor). */
const MAX_ANONYMOUS_HEADERS = 500

export async function createPageRenderer(services: AppServices, clientDir: string) {
  const template = await Bun.file(join(clientDir, 'index.html'))
    .text()
    .catch(
      () =>
        '<!doctype html><html lang="<!--lang-->"><head><!--head--></head><body><div id="root"><!--app--></div><!--state--></body></html>',
    )
  const [t0, t1, afterHead, t3, t4] = splitTemplate(template)
  // The page's own chunks are preloaded after the entry's tags (which the build puts at the head's end):
  // the browser requests in document order, and over HTTP/1.1's six connections the entry, the largest
  // and the one every page waits for, would otherwise queue behind the page's small chunks
  // (docs/decisions.md, "The entry chunk first").
  const headEnd = afterHead.indexOf('</head>')
  const [entryTags, t2] = headEnd < 0 ? ['', afterHead] : [afterHead.slice(0, headEnd), afterHead.slice(headEnd)]
  const preloads = preloadTags(readManifest(clientDir))
  const production = services.env.NODE_ENV === 'production'
  const cache = microCache(production ? MICRO_CACHE_TTL_MS : 0)
  const sharedTtl = () => (production && pageCacheOn() ? MICRO_CACHE_TTL_MS : 0)
  const shared = sharedPages<RenderedPage>(sharedTtl)
  const anonymousHeaders = new Map<string, string>()
  // The listed cards' objects and JSON kept as their HTML is (listed-cards.ts), as many.
  const listed = listedCards(services.env.CARD_HTML_CACHE)
  const kept = keptPageHtml(services.env.CARD_HTML_CACHE, keptCardJson)
  registerCache('page_headers', anonymousHeaders)
  // The signed-in header renders its menus at once (no fallback in the island's HTML).
  await PERSON_MENUS.Component.preload()
  await preloadPersonMenus({ tutor: true, current_role: 'tutor' } as AuthObject)

  /** The page part, rendered for `ctx` (anonymous for a shared page). */
  async function renderPageItself(
    ctx: Context,
    url: URL,
    matched: PageMatch,
    meta: RequestMeta,
    keep: boolean,
  ): Promise<RenderedPage> {
    const helpers = createServerSideHelpers({ router: appRouter, ctx, queryClient: serverQueryClient() })
    const shellScope = `${services.edition.code} ${meta.locale}`
    const [data, staffTags] = await Promise.all([
      loadPageData(matched, url, helpers, {
        origin: meta.origin,
        edition: services.edition,
        locale: meta.locale,
        db: services.db,
        listed,
      }),
      // Staff name a page's path without the language prefix (/p/faq for /en/p/faq too), beside its language.
      servedMetatags(services.db, {
        edition: services.edition.code,
        locale: meta.locale,
        path:
          meta.locale === services.edition.defaultLocale
            ? url.pathname
            : url.pathname.slice(meta.locale.length + 1) || '/',
      }),
      // The footer and the site blocks: the same on every page of the language (kept-queries.ts).
      prefetchKept(helpers.queryClient, services.db, shellScope, FOOTER_READ, () =>
        helpers.public.site.footer.queryOptions(),
      ),
      prefetchKept(helpers.queryClient, services.db, shellScope, BLOCKS_READ, () =>
        helpers.public.site.blocks.queryOptions(),
      ),
    ])
    // The staff's metatags for this path (panel SEO) win over the page's own title and description.
    if (staffTags && data.status === 200) {
      if (staffTags.title) data.title = staffTags.title
      if (staffTags.description) data.description = staffTags.description
    }
    const staffH1 = staffTags && data.status === 200 && staffTags.h1 ? staffTags.h1 : undefined
    // A data page whose slug or tutor does not exist renders the 404 page (client/App.tsx does the same).
    const page = data.status === 404 && matched.status !== 404 ? notFoundPage(matched.path) : matched
    const liveChat = liveChatConfig(services.env, services.edition)
    const initial: InitialState = {
      edition: services.edition.code,
      locale: meta.locale,
      dehydrated: dehydrate(helpers.queryClient),
      status: data.status,
      path: url.pathname,
      vitalsRate: services.env.WEB_VITALS_RATE,
      ...(liveChat ? { liveChat } : {}),
      ...(staffH1 ? { h1: staffH1 } : {}),
    }
    const keptHtml = kept.forRender()
    const appHtml = await renderApp(
      <Root
        initial={initial}
        queryClient={helpers.queryClient}
        trpcClient={trpcClientFor(meta.origin)}
        catalog={catalogs[meta.locale]}
        ssrPath={url.pathname}
        ssrSearch={url.search.slice(1)}
        keptHtml={keptHtml}
      />,
      undefined,
      keptHtml,
    )
    const at = appHtml.indexOf(ISLAND_EMPTY)
    const [beforeHeader, afterHeader] =
      at < 0 ? [appHtml, ''] : [appHtml.slice(0, at + ISLAND_OPEN.length), appHtml.slice(at + ISLAND_OPEN.length)]
    const preload = [CATALOG_MODULES[meta.locale].src, PAGE_MODULES[page.name].src]
    const head = `${[
      renderHead({ page, edition: services.edition, locale: meta.locale, origin: meta.origin, ...data }),
      entryTags.trim(),
      preloads(preload),
    ]
      .filter(Boolean)
      .join('\n    ')}\n  `
    // The state's query list is left open where the visitor's queries go (between parts 2 and 3).
    const withSlot = stateJson(
      { ...initial, dehydrated: { ...initial.dehydrated, queries: [...initial.dehydrated.queries, VISITOR_SLOT] } },
      keptHtml,
      keptAnswerJson,
    )
    const slot = withSlot.lastIndexOf(VISITOR_SLOT_JSON)
    const queries = initial.dehydrated.queries.length > 0
    // Replacer-free concatenation: `$&` and the like in the page's text stay as they are.
    const parts: RenderedPage['parts'] = [
      `${t0}${LANG_ATTR[meta.locale]}${t1}${head}`,
      `${t2}${beforeHeader}`,
      `${afterHeader}${t3}<script type="application/json" id="${INITIAL_STATE_ID}">${withSlot.slice(0, queries ? slot - 1 : slot)}`,
      `${withSlot.slice(slot + VISITOR_SLOT_JSON.length)}</script>${t4}`,
    ]
    return {
      status: data.status,
      page,
      parts,
      preload,
      island: at >= 0,
      queries,
      pieces: keep ? parts.map((p) => piece(p)) : undefined,
    }
  }

  /** A catalogue page is the same for every visitor (rendered as nobody); its sign-in links (?ak=, ?confirmation_code=) are not. */
  const sharedByAll = (matched: PageMatch, url: URL) =>
    matched.name === 'catalogue' && !/(^|[?&])(ak|confirmation_code)=/.test(url.search)

  /** What a kept copy of a shared page must be valid for; nothing is asked when nothing is kept (TTL 0). */
  async function keptValidity(matched: PageMatch, url: URL): Promise<Validity | null> {
    if (!sharedByAll(matched, url) || sharedTtl() <= 0) return null
    return catalogueValidity(services.db, services.edition, catalogueInput(matched, url.search))
  }

  /** The visitor's header for the island: rendered apart, with only who they are in its query cache. */
  async function renderHeader(
    page: PageMatch,
    status: number,
    url: URL,
    meta: RequestMeta,
    personal: QueryClient,
    signedIn: boolean,
  ): Promise<string> {
    const key = `${meta.locale} ${page.name} ${page.path}`
    const known = signedIn ? undefined : anonymousHeaders.get(key)
    if (known !== undefined) return known
    // Whole, once every boundary is ready (the tutor's bell reads texts that load on first use).
    const html = await renderApp(
      <HeaderRoot
        initial={{
          edition: services.edition.code,
          locale: meta.locale,
          dehydrated: { queries: [], mutations: [] },
          status,
          path: url.pathname,
        }}
        queryClient={personal}
        trpcClient={trpcClientFor(meta.origin)}
        catalog={catalogs[meta.locale]}
        ssrPath={url.pathname}
        ssrSearch={url.search.slice(1)}
        page={page}
      />,
      ISLAND_ID_PREFIX,
    )
    if (!signedIn) {
      if (anonymousHeaders.size >= MAX_ANONYMOUS_HEADERS) anonymousHeaders.delete(anonymousHeaders.keys().next().value!)
      anonymousHeaders.set(key, html)
    }
    return html
  }

  async function renderPage(req: Request, url: URL, meta: RequestMeta): Promise<Response> {
    const cacheKey = cache.keyOf(req, url, meta.locale)
    const cached = cacheKey ? cache.get(cacheKey, req) : null
    if (cached) return cached
    const matched = matchPage(url.pathname, services.edition)
    const resHeaders = new Headers()
    const [ctx, validity] = await Promise.all([
      createContext(services, req, meta, resHeaders),
      keptValidity(matched, url),
    ])
    // The visitor's own part: who they are (the `auth.role.get` answer, made as the procedure makes it),
    // for the header island and the browser's first render.
    const personal = serverQueryClient()
    const role = roleAnswer(ctx.identity)
    putQuery(personal, ROLE_READ, role)
    // A shared page is rendered as nobody: a kept copy serves every visitor (and never sets a cookie).
    const nobody = () => ({
      ...ctx,
      identity: null,
      session: new SessionCookie(services.tokens, new Headers(), meta.secure),
    })
    const rendered = await (validity
      ? shared.get(`${meta.locale} ${url.pathname}${url.search}`, validity, () =>
          renderPageItself(nobody(), url, matched, meta, true),
        )
      : renderPageItself(sharedByAll(matched, url) ? nobody() : ctx, url, matched, meta, false))
    const { page } = rendered
    const signedIn = !!(role.auth.tutor || role.auth.client || role.auth.admin)
    const visitor = [
      // The header's menus for a signed-in person or staff (the browser swaps the live header in once they arrive).
      page.shell === 'public' && signedIn ? `\n    ${preloads([PERSON_MENUS.src], rendered.preload)}` : '',
      rendered.island ? await renderHeader(page, rendered.status, url, meta, personal, signedIn) : '',
      // The visitor's queries, at the end of the page state's query list.
      dehydrate(personal)
        .queries.map((q, i) => `${i > 0 || rendered.queries ? ',' : ''}${scriptJson(q)}`)
        .join(''),
    ]
    resHeaders.set('content-type', 'text/html; charset=utf-8')
    resHeaders.set('cache-control', 'no-store')
    const source = rendered.pieces ?? rendered.parts
    const ordered = [source[0]!, visitor[0]!, source[1]!, visitor[1]!, source[2]!, visitor[2]!, source[3]!]
    if (cacheKey && rendered.status === 200 && page.indexable && !resHeaders.has('set-cookie')) {
      const html = plainBody(ordered)
      cache.set(cacheKey, html, resHeaders)
      return new Response(html, { status: rendered.status, headers: resHeaders })
    }
    if (!rendered.pieces) return new Response(ordered.join(''), { status: rendered.status, headers: resHeaders })
    // A kept page: its pieces are compressed already; only the visitor's are compressed now.
    const { body, gzip } = composedBody(req, ordered)
    resHeaders.append('vary', 'accept-encoding')
    if (gzip) resHeaders.set('content-encoding', 'gzip')
    return new Response(body, { status: rendered.status, headers: resHeaders })
  }
  return Object.assign(renderPage, { keptPages: shared.kept, keptCards: kept.cardCount, clearKeptHtml: kept.clear })
}

/**
 * The whole HTML of the tree, once every lazy chunk has loaded; a render error fails the request.
 * First at once (renderToString: a fifth cheaper than the stream, the same HTML; the tutor cards it
 * rendered are kept, kept-html.ts); a tree that suspends
 * there (a page's chunk or a text not loaded yet) or fails inside a boundary leaves a client-rendered
 * boundary mark, and is rendered again as a stream that waits for it (and reports the error).
 */
async function renderApp(
  tree: React.ReactNode,
  identifierPrefix?: string,
  keptHtml?: KeptHtmlRender | null,
): Promise<string> {
  try {
    const html = renderToString(tree, { identifierPrefix })
    if (!html.includes(CLIENT_RENDERED_MARK)) {
      keptHtml?.keep(html)
      return html
    }
  } catch {
    // A component suspended outside any boundary: the stream below waits for it.
  }
  keptHtml?.stop()
  return renderStream(tree, identifierPrefix)
}

/** How React marks a boundary it left for the browser to render (its fallback is in the HTML instead). */
const CLIENT_RENDERED_MARK = '<!--$!'

async function renderStream(tree: React.ReactNode, identifierPrefix?: string): Promise<string> {
  const errors: unknown[] = []
  // No progressive chunks: React would move finished boundaries out of line and rely on an inline
  // script (refused by our CSP) to put them back. The stream is awaited whole anyway.
  const stream = await renderToReadableStream(tree, {
    identifierPrefix,
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => void errors.push(error),
  })
  await stream.allReady
  const html = await new Response(stream).text()
  if (errors.length) throw errors[0]
  return html
}
