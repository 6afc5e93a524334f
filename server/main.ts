// bun run start: migrate, seed an empty database (not in production), build the client if missing,
// then serve site + API + websocket on PORT. Stops gracefully on SIGTERM/SIGINT.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileStorage } from './integrations/storage/storage'
import { SERVER_BODY_CAP } from './http/limits'
import { bootServices } from './boot'
import { DataDirInUse } from './embedded-db'
import { parseEnv } from './env'
import { applyChatLimits } from './domain/chat/messages'
import { poolPerWorker, superviseWorkers, workerIndex } from './workers'
import { createLogger } from './log'

// The process's clock starts at its own start: this is the time the modules took to load.
const importsMs = Math.round(performance.now())
const started = performance.now()
const env = parseEnv()
applyChatLimits(env)
const clientDir = resolve(import.meta.dir, '../dist/client')

// A missing client is built in its own process while this one prepares the database (a first start on
// two cores does both at once); the pages need it only when the renderer is made.
const clientBuilt = existsSync(resolve(clientDir, 'index.html')) ? null : buildClient()
async function buildClient() {
  const t0 = performance.now()
  console.log(JSON.stringify({ level: 'info', msg: 'building the client (dist/client is missing)' }))
  const build = Bun.spawn(['bunx', '--bun', 'vite', 'build', '--logLevel', 'warn'], {
    cwd: resolve(import.meta.dir, '..'),
    stdout: 'inherit',
    stderr: 'inherit',
  })
  if ((await build.exited) !== 0) process.exit(build.exitCode ?? 1)
  return Math.round(performance.now() - t0)
}

/** The demo data for an empty database; its modules are loaded only then (most starts find it seeded). */
async function seedIfEmpty(...args: Parameters<typeof import('../db/seed/demo').seedIfEmpty>) {
  const [db] = args
  if (await db.selectFrom('staff').select('id').limit(1).executeTakeFirst()) return false
  return (await import('../db/seed/demo')).seedIfEmpty(...args)
}

// WORKERS=N: this process prepares the database once and supervises N server processes (server/workers.ts).
if (env.WORKERS > 1 && workerIndex === undefined) {
  const poolMax = await poolPerWorker(env).catch((err: unknown) => stop(err, 'boot'))
  const prepared = await bootServices(env).catch((err: unknown) => stop(err, 'boot'))
  if (env.NODE_ENV !== 'production')
    await seedIfEmpty(prepared.services.db, prepared.services.edition, fileStorage(env)).catch((err: unknown) =>
      stop(err, 'seed'),
    )
  await prepared.handle.close()
  await clientBuilt
  await superviseWorkers(env, poolMax, createLogger(env.LOG_LEVEL))
}

// The request handler's modules (every router and page) load while the database opens: PGlite compiles
// its WebAssembly off this thread, so the two overlap.
const handlerModules = Promise.all([import('./app'), import('./ssr/render')])

// With the embedded database, one process owns DATA_DIR (server/embedded-db.ts): a second server stops here.
// Durable jobs (server/jobs): outbox delivery and the minute sweeps, shared with every other server process.
const { services, handle, timings } = await bootServices(env, undefined, { jobs: true, sweeps: true }).catch(
  (err: unknown) => stop(err, 'boot'),
)
// A worker's supervisor has seeded already.
let lap = performance.now()
if (env.NODE_ENV !== 'production' && workerIndex === undefined)
  await seedIfEmpty(services.db, services.edition, fileStorage(env)).catch((err: unknown) => stop(err, 'seed'))
timings.seed_ms = Math.round(performance.now() - lap)
lap = performance.now()
if (clientBuilt) timings.client_build_ms = await clientBuilt
timings.client_wait_ms = Math.round(performance.now() - lap)
lap = performance.now()

/**
 * A start that cannot go on says in one line what happened and what to do, never a stack (which
 * LOG_LEVEL=debug adds). Every step before serving is atomic or repeatable, so starting again is safe.
 */
function stop(err: unknown, step: 'boot' | 'seed'): never {
  const message = err instanceof Error ? err.message.split('\n')[0]! : String(err)
  const dataDir = resolve(env.DATA_DIR)
  const line =
    err instanceof DataDirInUse
      ? err.message
      : step === 'seed'
        ? `the demo data could not be seeded (${message}); nothing of it was kept: start again, or run \`bun run seed\``
        : env.DATABASE_URL
          ? `the start stopped: ${message}; check DATABASE_URL and the database server, then start again`
          : `the start stopped: ${message}; start again, and if it stops the same way, move ${dataDir} aside (or restore it from a backup) to begin with a new database`
  console.error(line)
  if (env.LOG_LEVEL === 'debug' && err instanceof Error) console.error(err.stack)
  process.exit(1)
}

const [{ createApp }, { createPageRenderer }] = await handlerModules
const app = createApp({ services, clientDir, renderPage: await createPageRenderer(services, clientDir) })
timings.renderer_ms = Math.round(performance.now() - lap)
const server = Bun.serve({
  port: env.PORT,
  fetch: app.fetch,
  websocket: app.websocket,
  // The app refuses bodies over MAX_BODY_BYTES itself, in the JSON envelope (server/http/limits.ts).
  maxRequestBodySize: SERVER_BODY_CAP,
  idleTimeout: 60,
  // The workers of one supervisor share PORT (server/workers.ts).
  reusePort: workerIndex !== undefined,
})
services.log.info('listening', {
  port: server.port,
  ...(workerIndex !== undefined ? { worker: workerIndex } : {}),
  site: env.SITE,
  database: handle.kind,
  startup_ms: Math.round(performance.now() - started),
  imports_ms: importsMs,
  ...timings,
})

let stopping = false

/**
 * SIGTERM (a deploy, a rolling restart): stop listening at once, so the proxy or the other process
 * takes new connections; close the chat sockets with 1001 so their clients reconnect elsewhere; let
 * requests in flight finish for up to SHUTDOWN_GRACE_MS; then the chat's pending read marks, the job
 * worker after its current job (an unfinished one is retried by another process when it expires) and
 * the database pool; exit 0. docs/deploy.md#restarts.
 */
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  const grace = env.SHUTDOWN_GRACE_MS
  services.log.info('shutting down', { signal, grace_ms: grace })
  // A stop must end whatever hangs: the process exits after the grace and a few seconds more.
  setTimeout(() => {
    services.log.warn('shutdown took too long; exiting')
    process.exit(0)
  }, grace + 12_000).unref()
  const drained = server.stop(false)
  app.closeSockets()
  const inTime = await Promise.race([drained.then(() => true), Bun.sleep(grace).then(() => false)])
  if (!inTime) {
    services.log.warn('requests still in flight after the grace period; closing them', { grace_ms: grace })
    await Promise.race([server.stop(true), Bun.sleep(1_000)])
  }
  await Promise.race([app.stopChat(), Bun.sleep(2_000)])
  await Promise.race([services.jobs?.stop(), Bun.sleep(6_000)])
  await Promise.race([handle.close(), Bun.sleep(3_000)])
  services.log.info('stopped', { signal })
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
