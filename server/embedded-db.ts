// One writer for the embedded database (PGlite in DATA_DIR). PGlite is one PostgreSQL backend inside
// one process: a second process opening the same directory works on its own copy and the two
// overwrite each other. So:
//
// - whoever opens DATA_DIR takes `DATA_DIR/pglite.lock` (JSON: pid, process start time, role); a lock
//   whose process is gone (or is this process) is taken over; a live one stops the opener with
//   DataDirInUse ("DATA_DIR … is in use by the server with pid N; …");
// - the server shares its database with local tools: PGlite's wire protocol on a unix socket
//   `DATA_DIR/pglite.sock` (a loopback port when that path is too long for a socket address), named
//   in `DATA_DIR/server.json` ({pid, started, socket} or {pid, started, host, port});
// - the scripts (scripts/cli-db.ts → server/boot.ts openDatabase(env, 'script')) connect there with
//   postgres.js while that server lives, and open DATA_DIR themselves (with the lock) otherwise.
//
// Turn-taking. PGlite has one session. @electric-sql/pglite-socket's own queue runs each wire message
// under PGlite's query mutex only, so a socket client's statement could run inside one of the
// server's transactions and a server query inside a client's open transaction. Here a socket session
// holds PGlite's transaction mutex (the one every PGlite query/exec/transaction of the server takes)
// from its first message until the backend is idle again: after a Sync, a simple Query, the startup
// packet or Terminate, outside a transaction block. The server's queries and the clients' units of
// work therefore take turns, whole transactions at a time. A client that keeps the turn without
// sending anything for HOLD_IDLE_MS is disconnected (its transaction rolled back) so a stuck script
// cannot stop the site.
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { type Server, type Socket, createServer } from 'node:net'
import { basename, join, resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'kysely'
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket'
import { type DbHandle, createDb, openPglite } from '../db/client'
import { startStep } from '../db/start-steps'
import { clusterSnapshot, unpackClusterSnapshot } from '../db/cluster-snapshot'
import { type Logger, createLogger } from './log'

export const LOCK_FILE = 'pglite.lock'
export const SOCKET_FILE = 'pglite.sock'
export const SERVER_FILE = 'server.json'
/** A socket session holding the database this long without a message is disconnected. */
export const HOLD_IDLE_MS = 15_000
const MAX_SOCKET_CONNECTIONS = 16
/** Unix socket paths longer than this (bytes) do not fit sockaddr_un everywhere (macOS: 104). */
const MAX_SOCKET_PATH = 100

export type Endpoint = { socket: string } | { host: string; port: number }

export interface LockHolder {
  pid: number
  /** The process's start time (/proc/PID/stat), so a reused pid is not mistaken for the holder. */
  started: string | null
  role: 'server' | 'script'
  command?: string
  token?: string
}

export type ServerInfo = { pid: number; started: string | null } & Endpoint

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      holder.role === 'server'
        ? `DATA_DIR ${dataDir} is in use by the server with pid ${holder.pid}; stop it or use its socket (${join(dataDir, SERVER_FILE)}; the scripts in scripts/ do so by themselves)`
        : `DATA_DIR ${dataDir} is in use by pid ${holder.pid} (${holder.command ?? 'another process'}); wait for it to finish or stop it`,
    )
    this.name = 'DataDirInUse'
  }
}

// ---- processes -------------------------------------------------------------------------------

/** The start time of a process (clock ticks since boot, Linux), or null where /proc is not there. */
export function processStarted(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

const ownStart = processStarted(process.pid)

export function isAlive(p: { pid: number; started?: string | null }): boolean {
  if (!Number.isInteger(p.pid) || p.pid <= 0) return false
  try {
    process.kill(p.pid, 0)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  if (p.started) {
    const now = processStarted(p.pid)
    if (now !== null && now !== p.started) return false // the pid was reused by another process
  }
  return true
}

function isSelf(p: { pid: number; started?: string | null }) {
  return p.pid === process.pid && (!p.started || !ownStart || p.started === ownStart)
}

// ---- the lock --------------------------------------------------------------------------------

export function readLock(dataDir: string): LockHolder | null {
  let text: string
  try {
    text = readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()
  } catch {
    return null
  }
  if (/^\d+$/.test(text)) return { pid: Number(text), started: null, role: 'server' }
  try {
    const j = JSON.parse(text) as Partial<LockHolder>
    return {
      pid: Number(j.pid),
      started: j.started ?? null,
      role: j.role === 'script' ? 'script' : 'server',
      command: j.command,
      token: j.token,
    }
  } catch {
    return { pid: 0, started: null, role: 'server' } // unreadable: treated as stale
  }
}

export interface DataDirLock {
  holder: LockHolder
  /** Still ours (not taken over after we were presumed dead)? */
  held(): boolean
  release(): void
}

function commandName() {
  const script = process.argv[1]
  return script ? `bun ${basename(resolve(script, '..'))}/${basename(script)}` : 'bun'
}

/**
 * Takes DATA_DIR's lock or throws DataDirInUse. The lock file appears with its content in one step
 * (written aside, then hard-linked into place, which fails when it exists); a stale lock is replaced
 * under a short-lived takeover directory so two processes cannot both replace it.
 */
export function acquireLock(
  dataDir: string,
  role: LockHolder['role'],
  onTakeOver: (stale: LockHolder | null) => void = () => {},
): DataDirLock {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const file = join(dir, LOCK_FILE)
  const holder: LockHolder = {
    pid: process.pid,
    started: ownStart,
    role,
    command: commandName(),
    token: crypto.randomUUID(),
  }
  const aside = join(dir, `${LOCK_FILE}.${process.pid}.${holder.token!.slice(0, 8)}`)
  writeFileSync(aside, `${JSON.stringify(holder)}\n`, { mode: 0o600 })
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(aside, file)
        return lockHandle(dir, holder)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      }
      const current = readLock(dir)
      if (current && current.pid > 0 && isAlive(current) && !isSelf(current)) throw new DataDirInUse(dir, current)
      if (takeOverStale(dir, current)) onTakeOver(current)
    }
    throw new Error(`could not take ${file}`)
  } finally {
    rmQuietly(aside)
  }
}

/** Removes the stale lock `seen` (true) unless another process got there first (false). */
function takeOverStale(dir: string, seen: LockHolder | null): boolean {
  const guard = join(dir, `${LOCK_FILE}.takeover`)
  try {
    mkdirSync(guard)
  } catch {
    // Another process is replacing the same stale lock; a guard left by a crash expires.
    try {
      if (Date.now() - statSync(guard).mtimeMs > 10_000) rmdirSync(guard)
    } catch {}
    Bun.sleepSync(20)
    return false
  }
  try {
    const now = readLock(dir)
    if (now && seen && now.pid === seen.pid && now.token === seen.token) {
      rmQuietly(join(dir, LOCK_FILE))
      return true
    }
    return false
  } finally {
    try {
      rmdirSync(guard)
    } catch {}
  }
}

function lockHandle(dir: string, holder: LockHolder): DataDirLock {
  const held = () => readLock(dir)?.token === holder.token
  return {
    holder,
    held,
    release() {
      if (held()) rmQuietly(join(dir, LOCK_FILE))
    },
  }
}

function rmQuietly(path: string) {
  try {
    unlinkSync(path)
  } catch {}
}

// ---- server.json -----------------------------------------------------------------------------

/** The running server's endpoint, when server.json names a live process that holds the lock. */
export function runningServer(dataDir: string): ServerInfo | null {
  const dir = resolve(dataDir)
  let info: ServerInfo
  try {
    info = JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8')) as ServerInfo
  } catch {
    return null
  }
  const lock = readLock(dir)
  if (!lock || lock.pid !== info.pid || !isAlive(info)) return null
  if (!('socket' in info && typeof info.socket === 'string') && !('port' in info && Number.isInteger(info.port)))
    return null
  return info
}

function writeServerInfo(dir: string, info: ServerInfo) {
  const tmp = join(dir, `${SERVER_FILE}.${process.pid}`)
  writeFileSync(tmp, `${JSON.stringify(info)}\n`, { mode: 0o600 })
  renameSync(tmp, join(dir, SERVER_FILE))
}

// ---- turn-taking between the server and socket sessions --------------------------------------

interface Item {
  handlerId: number
  message: Uint8Array
  onData: (data: Uint8Array) => void
  resolve: (bytes: number) => void
  reject: (err: unknown) => void
}

interface Turn {
  handlerId: number
  release: () => void
  lastActivity: number
}

const TYPE_QUERY = 0x51 // 'Q'
const TYPE_SYNC = 0x53 // 'S'
const TYPE_TERMINATE = 0x58 // 'X'
const SYNC = new Uint8Array([TYPE_SYNC, 0, 0, 0, 4])

function simpleQuery(text: string): Uint8Array {
  const body = new TextEncoder().encode(`${text}\0`)
  const out = new Uint8Array(5 + body.length)
  out[0] = TYPE_QUERY
  new DataView(out.buffer).setInt32(1, 4 + body.length)
  out.set(body, 5)
  return out
}

type PGliteInternals = PGlite & { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> }

/**
 * Replaces pglite-socket's QueryQueueManager (same three methods the socket handler calls). Messages
 * run one at a time; a session keeps the turn (PGlite's transaction mutex) until the backend is idle.
 */
export class SessionTurns {
  private queue: Item[] = []
  private holder: Turn | null = null
  private running: Promise<void> | null = null
  private closed = new Set<number>()
  private inflight: number | null = null
  private readonly timer: ReturnType<typeof setInterval>

  constructor(
    private readonly pglite: PGlite,
    private readonly opts: { holdIdleMs: number; onEvict: (handlerId: number) => void },
  ) {
    if (typeof (pglite as PGliteInternals)._runExclusiveTransaction !== 'function')
      throw new Error('this PGlite has no _runExclusiveTransaction: server/embedded-db.ts needs updating for it')
    this.timer = setInterval(() => this.evictIdle(), Math.max(50, Math.floor(opts.holdIdleMs / 4)))
    this.timer.unref?.()
  }

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    if (this.closed.has(handlerId)) return Promise.reject(new Error('session closed'))
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject })
      void this.pump()
    })
  }

  getQueueLength() {
    return this.queue.length
  }

  clearQueueForHandler(handlerId: number) {
    this.closed.add(handlerId)
    this.queue = this.queue.filter((i) => {
      if (i.handlerId !== handlerId) return true
      i.reject(new Error('Handler disconnected'))
      return false
    })
  }

  async clearTransactionIfNeeded(handlerId: number) {
    this.closed.add(handlerId)
    await this.pump()
    if (this.holder?.handlerId !== handlerId && this.inflight !== handlerId) this.closed.delete(handlerId)
  }

  /** Who holds the turn now (a socket handler id), for tests and stats. */
  get turnHolder(): number | null {
    return this.holder?.handlerId ?? null
  }

  /** Ends every session: queued messages are refused, an open client transaction is rolled back. */
  async shutdown(handlerIds: Iterable<number>) {
    for (const id of handlerIds) this.clearQueueForHandler(id)
    if (this.holder) this.closed.add(this.holder.handlerId)
    await this.pump()
    clearInterval(this.timer)
  }

  private pump(): Promise<void> {
    if (this.running) return this.running
    const run = (async () => {
      await null // `running` is set before the loop can end
      try {
        await this.loop()
      } catch {
        this.running = null
      }
    })()
    this.running = run
    return run
  }

  /** Runs until nothing can proceed; clears `running` in the same tick it looks at an empty queue. */
  private async loop() {
    for (;;) {
      const h = this.holder
      if (h && this.closed.has(h.handlerId)) {
        await this.endSession(h)
        continue
      }
      const index = h ? this.queue.findIndex((i) => i.handlerId === h.handlerId) : this.queue.length ? 0 : -1
      if (index < 0) {
        this.running = null // a message enqueued from now on starts a new loop
        return // the holder keeps its turn until its next message (or eviction)
      }
      const item = this.queue.splice(index, 1)[0]!
      this.inflight = item.handlerId
      try {
        if (!this.holder) this.holder = await this.takeTurn(item.handlerId)
        if (this.closed.has(item.handlerId)) {
          item.reject(new Error('session closed'))
          continue // the loop's top ends the session
        }
        let bytes = 0
        try {
          await this.pglite.runExclusive(() =>
            this.pglite.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length
                item.onData(data)
              },
            }),
          )
          item.resolve(bytes)
        } catch (err) {
          item.reject(err)
        }
        this.holder.lastActivity = Date.now()
        const type = item.message[0]
        const boundary = type === 0 || type === TYPE_QUERY || type === TYPE_SYNC || type === TYPE_TERMINATE
        if (boundary && !this.pglite.isInTransaction()) this.releaseTurn()
      } finally {
        this.inflight = null
      }
    }
  }

  private takeTurn(handlerId: number): Promise<Turn> {
    return new Promise((granted) => {
      void (this.pglite as PGliteInternals)._runExclusiveTransaction(
        () => new Promise<void>((release) => granted({ handlerId, release, lastActivity: Date.now() })),
      )
    })
  }

  private releaseTurn() {
    const h = this.holder
    this.holder = null
    h?.release()
  }

  /** A session that ends holding the turn: finish any half-sent extended query, roll back, let go. */
  private async endSession(h: Turn) {
    try {
      await this.pglite.runExclusive(async () => {
        await this.pglite.execProtocolRaw(SYNC)
        if (this.pglite.isInTransaction()) await this.pglite.execProtocolRaw(simpleQuery('ROLLBACK'))
      })
    } catch {
      /* the database is closing */
    }
    this.closed.delete(h.handlerId)
    if (this.holder === h) this.releaseTurn()
  }

  private evictIdle() {
    const h = this.holder
    if (!h || this.closed.has(h.handlerId) || this.inflight === h.handlerId) return
    if (Date.now() - h.lastActivity < this.opts.holdIdleMs) return
    this.opts.onEvict(h.handlerId)
    this.clearQueueForHandler(h.handlerId)
    void this.pump()
  }
}

// ---- the socket server -----------------------------------------------------------------------

/** PGlite's wire protocol for local tools: pglite-socket's handler per connection, our turn-taking queue. */
export class EmbeddedSocketServer {
  readonly turns: SessionTurns
  private server: Server | null = null
  private sockets = new Map<number, Socket>()

  constructor(
    readonly pglite: PGlite,
    opts: { holdIdleMs?: number } = {},
  ) {
    this.turns = new SessionTurns(pglite, {
      holdIdleMs: opts.holdIdleMs ?? HOLD_IDLE_MS,
      onEvict: (id) => this.sockets.get(id)?.destroy(),
    })
  }

  async listen(where: { path: string } | { host: string; port: number }): Promise<Endpoint> {
    const server = createServer((socket) => void this.accept(socket))
    this.server = server
    await new Promise<void>((ok, fail) => {
      server.once('error', fail)
      if ('path' in where) server.listen(where.path, () => ok())
      else server.listen(where.port, where.host, () => ok())
    })
    if ('path' in where) {
      chmodSync(where.path, 0o600)
      return { socket: where.path }
    }
    const address = server.address()
    if (!address || typeof address !== 'object') throw new Error('the socket server has no address')
    return { host: where.host, port: address.port }
  }

  private async accept(socket: Socket) {
    if (!this.server || this.sockets.size >= MAX_SOCKET_CONNECTIONS) {
      socket.end('Too many connections\n')
      return
    }
    const handler = new PGLiteSocketHandler({
      // Structurally the queue PGLiteSocketHandler calls (enqueue, clearQueueForHandler, clearTransactionIfNeeded).
      queryQueue: this.turns as unknown as PGLiteSocketHandlerOptions['queryQueue'],
      closeOnDetach: true,
    })
    const id = handler.handlerId
    this.sockets.set(id, socket)
    const forget = () => this.sockets.delete(id)
    handler.addEventListener('close', forget)
    handler.addEventListener('error', forget)
    socket.once('close', forget)
    try {
      await handler.attach(socket)
    } catch {
      forget()
      socket.destroy()
    }
  }

  get connections() {
    return this.sockets.size
  }

  async close() {
    const server = this.server
    this.server = null
    const ids = [...this.sockets.keys()]
    for (const s of this.sockets.values()) s.destroy()
    await this.turns.shutdown(ids)
    if (server) await new Promise<void>((ok) => server.close(() => ok()))
  }
}

// ---- opening DATA_DIR ------------------------------------------------------------------------

export type EmbeddedHandle = DbHandle & { endpoint?: Endpoint; lock: DataDirLock; sockets?: EmbeddedSocketServer }

/**
 * Opens the PGlite in DATA_DIR/pglite with DATA_DIR's lock. With `share` (the server), also serves it
 * on DATA_DIR/pglite.sock (or a loopback port) and writes DATA_DIR/server.json; close() undoes all.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  opts: { role: LockHolder['role']; share: boolean; holdIdleMs?: number; fsync?: boolean; log?: Logger },
): Promise<EmbeddedHandle> {
  const dir = resolve(dataDir)
  const log = opts.log ?? createLogger('info')
  const lock = acquireLock(dir, opts.role, (stale) =>
    log.warn('DATA_DIR lock taken over from a process that is gone', {
      data_dir: dir,
      old_pid: stale?.pid ?? null,
      old_role: stale?.role ?? null,
      old_command: stale?.command ?? null,
    }),
  )
  const serverFile = join(dir, SERVER_FILE)
  const socketPath = join(dir, SOCKET_FILE)
  let sockets: EmbeddedSocketServer | undefined
  let endpoint: Endpoint | undefined
  const ownsServerFile = () => {
    try {
      return (JSON.parse(readFileSync(serverFile, 'utf8')) as ServerInfo).pid === process.pid
    } catch {
      return false
    }
  }
  // Synchronous, so it also runs on process.exit(): the files name this process, which is ending.
  const removeFiles = () => {
    if (opts.share && ownsServerFile()) rmQuietly(serverFile)
    if (endpoint && 'socket' in endpoint && lock.held()) rmQuietly(socketPath)
    lock.release()
  }
  try {
    const pgDir = join(dir, 'pglite')
    if (!existsSync(join(pgDir, 'PG_VERSION'))) await createCluster(dir, log, opts.fsync)
    const pglite = await openPglite(pgDir, { fsync: opts.fsync })
    const handle = await createDb({ pglite })
    if (opts.share) {
      sockets = new EmbeddedSocketServer(pglite, { holdIdleMs: opts.holdIdleMs })
      if (Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH) {
        if (existsSync(socketPath)) {
          // Left by a process that died: we hold the lock.
          log.warn('removing a socket left by a process that is gone', { socket: socketPath })
          rmQuietly(socketPath)
        }
        endpoint = await sockets.listen({ path: socketPath })
      } else endpoint = await sockets.listen({ host: '127.0.0.1', port: 0 })
      writeServerInfo(dir, { pid: process.pid, started: ownStart, ...endpoint })
    }
    process.on('exit', removeFiles)
    let closing: Promise<void> | null = null
    return {
      ...handle,
      endpoint,
      lock,
      sockets,
      close() {
        closing ??= (async () => {
          // Tools stop finding the server first, then their sessions end, then the database closes.
          if (opts.share && ownsServerFile()) rmQuietly(serverFile)
          await sockets?.close()
          await handle.close()
          removeFiles()
          process.off('exit', removeFiles)
        })()
        return closing
      },
    }
  } catch (err) {
    await sockets?.close().catch(() => {})
    removeFiles()
    throw err
  }
}

/**
 * A new database cluster (PGlite's initdb) made aside in DATA_DIR/pglite.new, flushed to disk, then
 * renamed to DATA_DIR/pglite: a process killed during initdb leaves only pglite.new, which the next
 * start discards, never a pglite directory that looks like a database and is not one. A pglite
 * directory without PG_VERSION (an initdb interrupted before this was so) is discarded the same way.
 */
async function createCluster(dir: string, log: Logger, fsync: boolean | undefined) {
  const pgDir = join(dir, 'pglite')
  const fresh = join(dir, 'pglite.new')
  if (existsSync(pgDir)) {
    log.warn('discarding an unfinished database directory (no PG_VERSION)', { path: pgDir })
    rmSync(pgDir, { recursive: true, force: true })
  }
  if (existsSync(fresh)) {
    log.warn('discarding an unfinished initdb', { path: fresh })
    rmSync(fresh, { recursive: true, force: true })
  }
  log.info('creating the embedded database', { path: pgDir })
  const pglite = await newCluster(fresh, log)
  await startStep('initdb')
  await pglite?.close()
  // initdb's files were copied in without fsync; a rename must not reach the disk before they do.
  // syncfs(2) (`sync -f`, Linux) flushes them in one call; elsewhere each file is fsynced.
  if (fsync !== false && Bun.spawnSync(['sync', '-f', fresh], { stdout: 'ignore', stderr: 'ignore' }).exitCode !== 0)
    fsyncTree(fresh)
  renameSync(fresh, pgDir)
  if (fsync !== false) fsyncPath(dir)
}

/**
 * A new cluster in `fresh`: unpacked from a kept one (db/cluster-snapshot.ts: migrated, or initdb's
 * result), shut down cleanly when it was kept, so nothing needs opening here (null); else made by
 * initdb, opened without fsync (the caller flushes the closed cluster in one syncfs before renaming it
 * into place). A copy that does not unpack is deleted and initdb runs.
 */
async function newCluster(fresh: string, log: Logger): Promise<PGlite | null> {
  const snapshot = clusterSnapshot()
  if (snapshot) {
    if (unpackClusterSnapshot(snapshot.path, fresh)) return null
    log.warn('a kept cluster did not unpack; running initdb', { path: snapshot.path })
    rmSync(snapshot.path, { force: true })
    rmSync(fresh, { recursive: true, force: true })
  }
  return openPglite(fresh, { fsync: false })
}

function fsyncPath(path: string) {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

function fsyncTree(path: string) {
  for (const e of readdirSync(path, { withFileTypes: true })) {
    const p = join(path, e.name)
    if (e.isDirectory()) fsyncTree(p)
    else if (e.isFile()) fsyncPath(p)
  }
  fsyncPath(path)
}

/**
 * For scripts: the running server's database through its socket, or DATA_DIR opened here (with the
 * lock) when no server runs. A server that holds the lock but has not written server.json yet (it
 * is starting), or whose socket does not answer for a moment (restarting), is waited for.
 */
export async function reachEmbeddedDatabase(
  dataDir: string,
  opts: { waitMs?: number; fsync?: boolean; log?: Logger } = {},
): Promise<DbHandle> {
  const dir = resolve(dataDir)
  const deadline = Date.now() + (opts.waitMs ?? 30_000)
  for (;;) {
    const server = runningServer(dir)
    if (server) {
      const handle = await createDb({
        socket: 'socket' in server ? { path: server.socket } : { host: server.host, port: server.port },
      })
      try {
        await sql`select 1`.execute(handle.db)
        return handle
      } catch (err) {
        // The server is restarting (bun --watch) or stopping: its socket is not there for a moment.
        await handle.close().catch(() => {})
        if (Date.now() > deadline) throw err
        await Bun.sleep(100)
        continue
      }
    }
    try {
      return await openEmbeddedDatabase(dir, { role: 'script', share: false, fsync: opts.fsync, log: opts.log })
    } catch (err) {
      if (!(err instanceof DataDirInUse) || err.holder.role !== 'server' || Date.now() > deadline) throw err
      await Bun.sleep(100)
    }
  }
}
