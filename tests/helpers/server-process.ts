// Real server processes (bun server/main.ts) for tests of what only a process shows: restarts, signals,
// several processes on one database.
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { waitFor } from './wait'

const root = resolve(import.meta.dir, '../..')

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = s.port!
  s.stop(true)
  return port
}

export interface ServerProcess {
  proc: Bun.Subprocess<'ignore', 'pipe', 'pipe'>
  port: number
  url: string
}

/** Starts `bun server/main.ts` with the test defaults under `env` (which must name PORT). */
export function startServer(env: Record<string, string>): ServerProcess {
  const port = Number(env.PORT)
  const proc = Bun.spawn(['bun', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: join(tmpdir(), `server-files-${port}`),
      ...env,
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  return { proc, port, url: `http://127.0.0.1:${port}` }
}

/** Waits until the process answers /readyz; throws with its standard error if it exits first. */
export async function ready(s: Pick<ServerProcess, 'proc' | 'port'>) {
  const up = await waitFor(
    async () =>
      s.proc.exitCode !== null || (await fetch(`http://127.0.0.1:${s.port}/readyz`).catch(() => null))?.status === 200,
    { timeout: 90_000, interval: 100 },
  ).catch(() => false)
  if (up && s.proc.exitCode === null) return
  throw new Error(
    `the server did not become ready (exit ${s.proc.exitCode}): ${await new Response(s.proc.stderr as ReadableStream).text()}`,
  )
}

/**
 * `count` server processes on one database, started one after the other (the first start seeds the demo
 * data; two at once would race at it), each on its own port and killed by `cleanup` when the file ends.
 */
export async function startServers(
  count: number,
  env: Record<string, string>,
  cleanup: (() => void)[],
): Promise<ServerProcess[]> {
  const servers: ServerProcess[] = []
  for (let i = 0; i < count; i++) {
    const s = startServer({ ...env, PORT: String(await freePort()) })
    cleanup.push(() => void s.proc.kill('SIGKILL'))
    await ready(s)
    servers.push(s)
  }
  return servers
}
