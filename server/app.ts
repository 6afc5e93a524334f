// The HTTP application: health, tRPC, the REST table, the chat websocket, static files and pages.
// One function handles every request so headers, logging and errors are the same everywhere.
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import type { Server, ServerWebSocket } from 'bun'
import { sql } from 'kysely'
import { type Edition, type Locale, LOCALES } from '../common/editions'
import { liveChatConfig, siteOrigin } from './env'
import { clientAddress, trustedProxies } from './http/client-address'
import { compressResponse } from './http/compress'
import { MICRO_CACHE_TTL_MS, keepIfOk, microCache } from './http/micro-cache'
import {
  BodyTooLarge,
  KNOWN_METHODS,
  MAX_HEADER_BYTES,
  declaredTooLarge,
  headerBytes,
  limitBody,
  raiseServerLimits,
} from './http/limits'
import { contentSecurityPolicy, isCrossSite, isStateChanging, securityHeaders } from './http/security'
import { offeredProviders } from './integrations/payments'
import { staticFiles } from './http/static'
import { serveMedia } from './integrations/storage/media'
import { fileStorage } from './integrations/storage/storage'
import { errorFields } from './log'
import { json, runRoute } from './rest/adapter'
import { MalformedBody, type Params, readParams } from './rest/params'
import { routeTable, routes } from './rest/routes'
import { apiReferenceResponse, openApiResponse } from './openapi/serve'
import { appRouter } from './routers/app'
import { type AppServices, type RequestMeta, createContext } from './trpc/context'
import { sitemapResponse } from './ssr/sitemap'
import { type ChatSocketData, chatSocket, upgradeChat } from './ws/chat-socket'
import { CACHE_CLEAR_CHANNEL } from './domain/site/clear-caches'
import { countRequest, setScrapeSources } from './observability/metrics'
import { metricsResponse } from './observability/serve'
import { outboxBacklog } from './jobs/outbox'
import { jobCounts } from './jobs/jobs'
import { clearEveryCache } from './domain/shared/caches'

export type PageRenderer = (req: Request, url: URL, meta: RequestMeta) => Promise<Response>

export interface AppOptions {
  services: AppServices
  /** The built client (dist/client); missing files simply 404. */
  clientDir: string
  renderPage: PageRenderer
  dev?: boolean
}

const API_PREFIXES = ['/admin/', '/tutor/', '/client/', '/api/', '/trpc']

/** POST /api/payments/{provider}/notify (server/rest/routes/payments.ts). */
const PROVIDER_NOTIFY = /^\/api\/(payments\/[a-z0-9]+\/notify|telephony\/[a-z0-9]+\/(voice|status))\/?$/

/** Catalogue reads kept in the micro-cache for anonymous visitors, as the pages built on them are. */
export const MICRO_CACHED_API_PATHS = new Set(['/client/tutors', '/client/seo_tag'])

/**
 * `?lang`, else the path's locale prefix (/ru/…), else the edition's default. A tRPC call has neither,
 * so it speaks the language of the page that made it: the same-origin Referer's prefix (our
 * referrer-policy sends the path to our own origin). Names fetched after the first render then match
 * what the server rendered.
 */
export function localeOf(url: URL, ed: Edition, req?: Request): Locale {
  const served = (l: string | null | undefined): l is Locale =>
    !!l && (LOCALES as readonly string[]).includes(l) && (ed.locales as readonly string[]).includes(l)
  const prefix = (path: string) => path.split('/')[1]
  const lang = url.searchParams.get('lang')
  if (served(lang)) return lang
  if (served(prefix(url.pathname))) return prefix(url.pathname) as Locale
  if (url.pathname.startsWith('/trpc')) {
    const referer = URL.parse(req?.headers.get('referer') ?? '')
    if (referer && referer.host === url.host && served(prefix(referer.pathname)))
      return prefix(referer.pathname) as Locale
  }
  return ed.defaultLocale
}

/** Refusals decided from the request line and headers alone, before anything reads the request. */
function refuseEarly(req: Request): Response | null {
  if (!KNOWN_METHODS.has(req.method))
    return json(
      { status: 'fail', error: 'method_not_allowed' },
      405,
      new Headers({ allow: [...KNOWN_METHODS].join(', ') }),
    )
  if (headerBytes(req) > MAX_HEADER_BYTES) return json({ status: 'fail', error: 'headers_too_large' }, 431)
  if (declaredTooLarge(req))
    return json({ status: 'fail', error: 'payload_too_large' }, 413, new Headers({ connection: 'close' }))
  if (!URL.canParse(req.url)) return json({ status: 'fail', error: 'bad_request' }, 400)
  return null
}

export function createApp(opts: AppOptions) {
  const { services } = opts
  raiseServerLimits()
  const table = routeTable(routes)
  const statics = staticFiles(opts.clientDir)
  const storage = fileStorage(services.env)
  const apiCache = microCache(services.env.NODE_ENV === 'production' ? MICRO_CACHE_TTL_MS : 0)
  // Another process's clear_cache (server/domain/site/clear-caches.ts): empty this one's caches too.
  services.notifier
    .subscribe(CACHE_CLEAR_CHANNEL, () => void clearEveryCache())
    .catch((err) => services.log.warn('cache bus subscription failed', errorFields(err)))
  const isTrustedProxy = trustedProxies(services.env.TRUSTED_PROXIES)
  const jobs = services.jobs
  setScrapeSources({
    outboxBacklog: () => outboxBacklog(services.db),
    ...(jobs ? { jobCounts: () => jobCounts(jobs) } : {}),
  })
  const procedures = new Set(Object.keys(appRouter._def.procedures))

  /** The metrics' route label: a template, never the raw path (an id or a made-up path would be a series each). */
  function routeOf(method: string, path: string): string {
    if (path === '/trpc' || path.startsWith('/trpc/')) {
      const called = path.slice('/trpc/'.length).split(',')
      if (called.length > 1) return '/trpc/(batch)'
      return procedures.has(called[0]!) ? `/trpc/${called[0]}` : '/trpc/(unknown)'
    }
    const match = table.match(method, path)
    if (match && match !== 'method_not_allowed') return match.path
    if (path.startsWith('/assets/')) return '/assets/*'
    if (path.startsWith('/media/')) return '/media/*'
    if (path === '/healthz' || path === '/readyz' || path === '/metrics' || path === '/websocket') return path
    if (API_PREFIXES.some((p) => path.startsWith(p))) return '(unknown api)'
    return '(page)'
  }
  // The checkout forms the edition's payment providers post to (the pages' CSP form-action).
  const paymentForms = offeredProviders(services.payments.config, services.edition)
    .map((id) => services.payments.providers[id]?.formOrigin)
    .filter((o): o is string => !!o)
  // Read per answer: the site's origin may be set after the app is made (tests learn their port late).
  const csp = () =>
    contentSecurityPolicy({
      dev: !!opts.dev,
      captcha: services.env.CAPTCHA_PROVIDER,
      origin: siteOrigin(services.env),
      media: services.env.MEDIA_ORIGIN,
      forms: paymentForms,
      liveChat: liveChatConfig(services.env, services.edition)?.provider,
    })

  async function route(
    req: Request,
    url: URL,
    meta: RequestMeta,
    server: Server<ChatSocketData>,
  ): Promise<Response | undefined> {
    const path = url.pathname
    if (path === '/healthz') return json({ status: 'success' })
    if (path === '/metrics') return metricsResponse(req, services.env.METRICS_TOKEN)
    if (path === '/readyz') {
      try {
        await sql`select 1`.execute(services.db)
        return json({ status: 'success' })
      } catch (err) {
        services.log.error('readyz: database unreachable', { requestId: meta.requestId, ...errorFields(err) })
        return json({ status: 'error', error: 'server_error' }, 503)
      }
    }
    // A provider's notification comes from its servers; its signature, not the origin, is checked.
    if (isStateChanging(req.method, path) && isCrossSite(req, meta.origin) && !PROVIDER_NOTIFY.test(path))
      return json({ status: 'fail', error: 'forbidden' }, 403)

    if (path === '/trpc' || path.startsWith('/trpc/')) {
      return fetchRequestHandler({
        endpoint: '/trpc',
        req,
        router: appRouter,
        maxBatchSize: 16,
        createContext: ({ resHeaders }) => createContext(services, req, meta, resHeaders),
        onError: ({ error, path: procedure }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            services.log.error('procedure failed', {
              requestId: meta.requestId,
              procedure,
              ...errorFields(error.cause ?? error),
            })
        },
      })
    }
    if (path === '/websocket' || path === '/websocket/') return upgradeChat(req, url, server, services, meta)
    if ((req.method === 'GET' || req.method === 'HEAD') && path === '/openapi.json') return openApiResponse()
    if ((req.method === 'GET' || req.method === 'HEAD') && (path === '/docs/api' || path === '/docs/api/'))
      return apiReferenceResponse()

    const match = table.match(req.method, path)
    if (match === 'method_not_allowed') return json({ status: 'fail', error: 'method_not_allowed' }, 405)
    if (match) {
      const cacheKey = MICRO_CACHED_API_PATHS.has(path) ? apiCache.keyOf(req, url, meta.locale) : null
      const cached = cacheKey ? apiCache.get(cacheKey, req) : null
      if (cached) return cached
      let params: Params
      try {
        params = match.rawBody
          ? { body: new Uint8Array(await req.arrayBuffer()), headers: req.headers }
          : await readParams(req, url)
      } catch (err) {
        if (err instanceof MalformedBody)
          return json({ status: 'fail', error: 'bad_request', message: err.message }, 400)
        if (err instanceof BodyTooLarge)
          return json({ status: 'fail', error: 'payload_too_large' }, 413, new Headers({ connection: 'close' }))
        throw err
      }
      const resHeaders = new Headers()
      const ctx = await createContext(services, req, meta, resHeaders)
      return keepIfOk(apiCache, cacheKey, await runRoute(match, ctx, params, resHeaders))
    }
    if (API_PREFIXES.some((p) => path.startsWith(p))) return json({ status: 'fail', error: 'not_found' }, 404)

    if (req.method === 'GET' || req.method === 'HEAD') {
      if (path.startsWith('/media/')) return serveMedia(storage, req, path)
      if (path === '/robots.txt' || path.startsWith('/sitemap')) {
        const seo = await sitemapResponse(services.db, services.edition, meta.origin, path)
        if (seo) return seo
      }
      const file = await statics.serve(req, path)
      if (file) return file
      return opts.renderPage(req, url, meta)
    }
    return json({ status: 'fail', error: 'not_found' }, 404)
  }

  async function fetch(incoming: Request, server: Server<ChatSocketData>): Promise<Response | undefined> {
    const started = performance.now()
    const requestId = incoming.headers.get('x-request-id')?.slice(0, 64) || crypto.randomUUID()
    const early = refuseEarly(incoming)
    if (early) {
      securityHeaders(early.headers, { secure: false, csp: csp() })
      early.headers.set('x-request-id', requestId)
      services.log.info('request', {
        requestId,
        method: incoming.method,
        status: early.status,
        ms: Math.round(performance.now() - started),
      })
      return early
    }
    const req = limitBody(incoming)
    const url = new URL(req.url)
    const peer = server.requestIP(incoming)?.address
    // Forwarded headers count only from a configured proxy (TRUSTED_PROXIES); anyone else could write them.
    const fromProxy = !!peer && isTrustedProxy(peer)
    const meta: RequestMeta = {
      requestId,
      ip: clientAddress(peer, req.headers.get('x-forwarded-for'), isTrustedProxy),
      userAgent: req.headers.get('user-agent') ?? '',
      secure: url.protocol === 'https:' || (fromProxy && req.headers.get('x-forwarded-proto') === 'https'),
      locale: localeOf(url, services.edition, req),
      // Never the Host or X-Forwarded-Host header: links and canonical URLs built from it could be poisoned.
      origin: siteOrigin(services.env),
    }
    let res: Response | undefined
    try {
      res = await route(req, url, meta, server)
    } catch (err) {
      if (err instanceof BodyTooLarge)
        res = json({ status: 'fail', error: 'payload_too_large' }, 413, new Headers({ connection: 'close' }))
      else {
        services.log.error('request failed', { requestId, path: url.pathname, ...errorFields(err) })
        res = json({ status: 'error', error: 'server_error' }, 500)
      }
    }
    if (!res) return undefined // upgraded to a websocket
    // Every answer here is a Response this process just made: its headers are set in place (no copy
    // of the headers, and no re-wrapping of the body as a stream that compression would read back).
    let out = res
    try {
      securityHeaders(out.headers, { secure: meta.secure, csp: csp() })
      out.headers.set('x-request-id', requestId)
    } catch {
      // Headers guarded as immutable: copy them once.
      const headers = new Headers(res.headers)
      securityHeaders(headers, { secure: meta.secure, csp: csp() })
      headers.set('x-request-id', requestId)
      out = new Response(res.body, { status: res.status, statusText: res.statusText, headers })
    }
    out = await compressResponse(req, out)
    const ms = performance.now() - started
    const routeLabel = routeOf(req.method, url.pathname)
    countRequest(req.method, routeLabel, out.status, ms / 1000)
    services.log.info('request', {
      requestId,
      method: req.method,
      path: url.pathname,
      status: out.status,
      ms: Math.round(ms),
    })
    return out
  }

  const chat = chatSocket(services)
  return {
    fetch,
    websocket: chat.handler,
    /** Ends the chat's timers and writes what they hold (the server is stopping). */
    stopChat: chat.stop,
    /** Closes every chat socket with 1001 (the server is stopping). */
    closeSockets: chat.closeAll,
  }
}

export type App = ReturnType<typeof createApp>
export type { ServerWebSocket }
