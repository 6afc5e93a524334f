// bun run start: migrate, seed an empty database (not in production), build the client if missing,
// then serve site + API + websocket on PORT. Stops gracefully on SIGTERM/SIGINT.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { seedIfEmpty } from '../db/seed/demo'
import { createApp } from './app'
import { sweepTops } from './domain/catalogue/listings'
import { errorFields } from './log'
import { bootServices } from './boot'
import { parseEnv } from './env'
import { createPageRenderer } from './ssr/render'

const started = performance.now()
const env = parseEnv()
const clientDir = resolve(import.meta.dir, '../dist/client')

if (!existsSync(resolve(clientDir, 'index.html'))) {
  console.log(JSON.stringify({ level: 'info', msg: 'building the client (dist/client is missing)' }))
  const build = Bun.spawnSync(['bunx', '--bun', 'vite', 'build'], { cwd: resolve(import.meta.dir, '..'), stdout: 'inherit', stderr: 'inherit' })
  if (build.exitCode !== 0) process.exit(build.exitCode ?? 1)
}

const { services, handle } = await bootServices(env)
if (env.NODE_ENV !== 'production') await seedIfEmpty(services.db, services.edition)

const app = createApp({ services, clientDir, renderPage: await createPageRenderer(services, clientDir) })
const server = Bun.serve({
  port: env.PORT,
  fetch: app.fetch,
  websocket: app.websocket,
  maxRequestBodySize: 25 * 1024 * 1024,
  idleTimeout: 60,
})
services.log.info('listening', { port: server.port, site: env.SITE, database: handle.kind, startup_ms: Math.round(performance.now() - started) })

// TOP periods start and end by the clock: re-list the tutors concerned once a minute.
let sweptUntil = new Date()
const sweeper = setInterval(async () => {
  const now = new Date()
  try {
    await sweepTops(services.db, sweptUntil)
    sweptUntil = now
  } catch (err) {
    services.log.error('top sweep failed', errorFields(err))
  }
}, 60_000)

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  clearInterval(sweeper)
  services.log.info('shutting down', { signal })
  await server.stop() // waits for requests in flight
  await handle.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
