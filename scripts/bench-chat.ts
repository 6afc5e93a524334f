// bun run bench:chat — the order chat under load: ORDERS orders (a client and an
//   appointed tutor each, default 1,000, so 2 × ORDERS sockets), two `bun server/main.ts` processes
//   (NODE_ENV=production) on one PostgreSQL. Two cases: in-process (both parties on process A) and
//   across (the client on A, the tutor on B). The parties write to each other with client_msg_id at a
//   target rate that ramps in steps (STEPS, default 1000,2500,5000 msg/s, STEP_SECONDS each); the
//   receiving party measures the delivery latency (send → frame, both in the same load process, by
//   client_msg_id), and every sent message must arrive exactly once at its recipient (lost and
//   duplicate counts) and be echoed to its sender (the acknowledgement). Each case starts with an
//   unrecorded warm-up (BENCH_CHAT_WARMUP_SECONDS, default 5, at BENCH_CHAT_WARMUP_RATE, default 2500 msg/s). Server RSS is sampled from
//   /proc/<pid>/status. The sockets live in LOAD_WORKERS worker processes (this file with --worker)
//   so the load generator is not the bottleneck. Writes bench/results.json key "chat" (the
//   catalogue's keys are kept as they are).
// The servers' rate limits are raised for the benchmark only (CHAT_RATE_PER_USER, CHAT_RATE_PER_ORDER,
// CHAT_CONNECTS_PER_MINUTE; the product defaults are tested in tests/api/chat-delivery.test.ts).
// Needs a PostgreSQL server: BENCH_CHAT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench_chat.
import { ensureDatabase, freePort } from './bench-parts'
import { resolve } from 'node:path'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { loadavg } from 'node:os'

const root = resolve(import.meta.dir, '..')
const SESSION_SECRET = 'bench-secret-bench-secret-bench-secret-42'

// ---------------------------------------------------------------------------------------------
// The worker: holds the sockets of a slice of the orders and sends on command (IPC from the parent).
interface Party {
  id: number
  cookie: string
}
interface BenchOrder {
  orderId: number
  client: Party
  tutor: Party
}
interface StepStats {
  sent: number
  received: number
  duplicates: number
  lost: number
  unacked: number
  errors: string[]
  latencies: number[]
}

if (process.argv.includes('--worker')) {
  let orders: BenchOrder[] = []
  const workerNo = Number(process.env.BENCH_WORKER)
  const runTag = process.env.BENCH_RUN_TAG ?? Date.now().toString(36)
  let sockets: { client: WebSocket; tutor: WebSocket }[] = []
  // client_msg_id → [send time, received count, acked]
  let inflight = new Map<string, { t: number; got: number; acked: boolean }>()
  let latencies: number[] = []
  let duplicates = 0
  let errors: string[] = []
  let seq = 0

  function onFrame(raw: string) {
    const _now = performance.now()
    const f = JSON.parse(raw) as {
      status: string
      error?: string
      data?: { type: number; msg_data: { client_msg_id?: string | null; sender: string } }
    }
    if (f.status !== 'success') return void errors.push(String(f.error))
    if (f.data?.type !== 0) return
    const id = f.data.msg_data.client_msg_id
    const m = id ? inflight.get(id) : undefined
    if (!m) return
    return { m, sender: f.data.msg_data.sender }
  }
  function open(
    url: string,
    cookie: string,
    role: 'client' | 'tutor',
    o: BenchOrder,
    onMessage: (raw: string, self: 'client' | 'tutor') => void,
  ) {
    return new Promise<WebSocket>((res, rej) => {
      const ws = new WebSocket(url, { headers: { cookie } } as never)
      ws.addEventListener('open', () => res(ws))
      ws.addEventListener('message', (e) => onMessage(String(e.data), role))
      ws.addEventListener('error', () => rej(new Error(`socket error ${role} order ${o.orderId}`)))
      ws.addEventListener('close', (e) => {
        if (e.code !== 1000 && e.code !== 1005) errors.push(`close ${e.code} ${e.reason}`)
        rej(new Error(`closed ${e.code}`))
      })
    })
  }
  // The sender's own frames carry sender = its role: the echo (acknowledgement); the other party's: a delivery.
  const handler = (raw: string, self: 'client' | 'tutor') => {
    const seen = onFrame(raw)
    if (!seen) return
    const { m, sender } = seen
    if (sender === self) m.acked = true
    else {
      m.got++
      if (m.got === 1) latencies.push(performance.now() - m.t)
      else duplicates++
    }
  }

  process.on('message', async (msg: { cmd: string; [k: string]: unknown }) => {
    try {
      if (msg.cmd === 'connect') {
        const { portA, portB, lastId } = msg as unknown as { portA: number; portB: number; lastId: number }
        orders = (msg as unknown as { orders: BenchOrder[] }).orders
        const url = (port: number, role: string, id: number, orderId: number) =>
          `ws://127.0.0.1:${port}/websocket/?role=${role}&id=${id}&order_id=${orderId}&last_id=${lastId}`
        sockets = []
        // A few connections at a time per worker (the server's upgrade reads the session and the order).
        for (let i = 0; i < orders.length; i += 10) {
          const part = await Promise.all(
            orders.slice(i, i + 10).map(async (o) => ({
              client: await open(url(portA, 'client', o.client.id, o.orderId), o.client.cookie, 'client', o, handler),
              tutor: await open(url(portB, 'tutor', o.tutor.id, o.orderId), o.tutor.cookie, 'tutor', o, handler),
            })),
          )
          sockets.push(...part)
        }
        process.send!({ ok: true, sockets: sockets.length * 2 })
      } else if (msg.cmd === 'step') {
        const { rate, seconds, drainMs } = msg as unknown as { rate: number; seconds: number; drainMs: number }
        inflight = new Map()
        latencies = []
        duplicates = 0
        errors = []
        const start = performance.now()
        const total = Math.round(rate * seconds)
        let sent = 0
        // Paced sends: every tick, as many as the schedule owes (a late tick catches up).
        await new Promise<void>((done) => {
          const tick = () => {
            const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate))
            while (sent < due) {
              const k = sent++
              const i = k % orders.length
              const o = orders[i]!
              const fromClient = Math.floor(k / orders.length) % 2 === 0
              const s = sockets[i]!
              // Unique per run and worker: a client_msg_id is stored once per sender, so an id reused from an
              // earlier run or case would be answered as a repeat (echoed, never delivered).
              const id = `${runTag}-w${workerNo}-${++seq}`
              inflight.set(id, { t: performance.now(), got: 0, acked: false })
              const to = fromClient
                ? { recipient: 'tutor', recipient_id: o.tutor.id }
                : { recipient: 'client', recipient_id: o.client.id }
              const frame = {
                data: {
                  msg_service: 0,
                  type: 0,
                  msg_data: {
                    sender: fromClient ? 'client' : 'tutor',
                    sender_id: fromClient ? o.client.id : o.tutor.id,
                    ...to,
                    auto_msg: false,
                    order_id: o.orderId,
                    msg_text: `bench ${id}`,
                    client_msg_id: id,
                  },
                },
              }
              ;(fromClient ? s.client : s.tutor).send(JSON.stringify(frame))
            }
            if (sent >= total) done()
            else setTimeout(tick, 2)
          }
          tick()
        })
        // Wait for the stragglers (at most drainMs).
        const until = performance.now() + drainMs
        while (performance.now() < until) {
          let open = 0
          for (const m of inflight.values()) if (m.got === 0 || !m.acked) open++
          if (open === 0) break
          await Bun.sleep(50)
        }
        let lost = 0
        let unacked = 0
        for (const m of inflight.values()) {
          if (m.got === 0) lost++
          if (!m.acked) unacked++
        }
        const stats: StepStats = {
          sent,
          received: latencies.length,
          duplicates,
          lost,
          unacked,
          errors: errors.slice(0, 20),
          latencies,
        }
        process.send!(stats)
      } else if (msg.cmd === 'close') {
        for (const s of sockets) {
          s.client.close(1000)
          s.tutor.close(1000)
        }
        sockets = []
        await Bun.sleep(200)
        process.send!({ ok: true })
      }
    } catch (err) {
      process.send!({ error: String((err as Error).message ?? err) })
    }
  })
  process.send!({ ok: true, ready: true })
} else await main()

// ---------------------------------------------------------------------------------------------
async function main() {
  const { sql } = await import('kysely')
  const { createDb } = await import('../db/client')
  const { migrateToLatest } = await import('../db/migrate')
  const { SessionTokens, createSession } = await import('../server/domain/auth/sessions')
  const { createOrder } = await import('../server/domain/orders/create')
  const staffActions = await import('../server/domain/orders/staff')
  const { systemScope } = await import('../server/domain/shared/scope')
  const { edition } = await import('../common/editions')

  const url = process.env.BENCH_CHAT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_chat'
  const ORDERS = Number(process.env.BENCH_CHAT_ORDERS ?? 1000)
  const STEPS = (process.env.BENCH_CHAT_STEPS ?? '1000,2500,5000').split(',').map(Number)
  const STEP_SECONDS = Number(process.env.BENCH_CHAT_STEP_SECONDS ?? 10)
  const DRAIN_MS = Number(process.env.BENCH_CHAT_DRAIN_MS ?? 10_000)
  const WORKERS = Number(process.env.BENCH_CHAT_WORKERS ?? 2)
  const WARMUP_SECONDS = Number(process.env.BENCH_CHAT_WARMUP_SECONDS ?? 5)
  const WARMUP_RATE = Number(process.env.BENCH_CHAT_WARMUP_RATE ?? 2500)
  const CASES = (process.env.BENCH_CHAT_CASES ?? 'in_process,across').split(',') as ('in_process' | 'across')[]
  const ed = edition('ua')

  // 1. The database: migrated, ORDERS orders with a client and an appointed tutor (made once).
  await ensureDatabase(url)
  const handle = await createDb({ databaseUrl: url, maxConnections: 8 })
  const db = handle.db
  await migrateToLatest(db)
  const existing = await db
    .selectFrom('orders')
    .select(['id', 'client_id', 'tutor_id'])
    .where('description', '=', 'chat bench')
    .where('tutor_id', 'is not', null)
    .orderBy('id')
    .execute()
  if (existing.length < ORDERS) {
    const missing = ORDERS - existing.length
    console.log(`creating ${missing} chat bench orders…`)
    const tag = Date.now().toString(36)
    const people = await sql<{ id: number }>`
      insert into people (email, name) select 'chat-bench-' || ${tag}::text || '-' || g || '@example.com', 'Chat Bench ' || g
      from generate_series(1, ${missing * 2}::int) g returning id`.execute(db)
    const ids = people.rows.map((r) => r.id)
    const clientPeople = ids.slice(0, missing)
    const tutorPeople = ids.slice(missing)
    const clients = await db
      .insertInto('clients')
      .values(clientPeople.map((p, i) => ({ person_id: p, name: `Bench Client ${i}` })))
      .returning('id')
      .execute()
    const tutors = await db
      .insertInto('tutors')
      .values(tutorPeople.map((p, i) => ({ person_id: p, name: `Bench Tutor ${i}`, first_name: 'Bench' })))
      .returning('id')
      .execute()
    const staffScope = systemScope(db, ed, { actor: { kind: 'staff', id: null } })
    for (let i = 0; i < missing; i += 8)
      await Promise.all(
        clients.slice(i, i + 8).map(async (c, j) => {
          const orderId = await createOrder(systemScope(db, ed, { actor: { kind: 'client', id: c.id } }), {
            client_id: c.id,
            client_phone: `0990${String(i + j).padStart(6, '0')}`,
            description: 'chat bench',
          })
          await staffActions.staffAppointTutor(staffScope, { order_id: orderId, tutor_id: tutors[i + j]!.id })
        }),
      )
  }
  // Every run starts from the same state: no chat history (earlier runs left hundreds of thousands of
  // rows), no rate windows, no bells; and planner statistics and a vacuumed heap, which a server with
  // autovacuum keeps by itself (this machine's PostgreSQL runs with autovacuum off).
  await sql`truncate chat_messages, chat_send_windows, chat_connects`.execute(db)
  await sql`delete from notifications where type = 'new_chat_from_client'`.execute(db)
  const vacuum = () =>
    sql`vacuum analyze chat_messages, chat_send_windows, chat_connects, notifications, orders, sessions`.execute(db)
  await vacuum()
  const orderRows = await db
    .selectFrom('orders')
    .select(['id', 'client_id', 'tutor_id'])
    .where('description', '=', 'chat bench')
    .where('tutor_id', 'is not', null)
    .orderBy('id')
    .limit(ORDERS)
    .execute()
  const persons = new Map(
    (
      await db
        .selectFrom('clients')
        .select(['id', 'person_id'])
        .where(
          'id',
          'in',
          orderRows.map((o) => o.client_id!),
        )
        .execute()
    ).map((r) => [`c${r.id}`, r.person_id]),
  )
  for (const r of await db
    .selectFrom('tutors')
    .select(['id', 'person_id'])
    .where(
      'id',
      'in',
      orderRows.map((o) => o.tutor_id!),
    )
    .execute())
    persons.set(`t${r.id}`, r.person_id)
  // Live sessions for every party, signed as the servers verify them.
  const tokens = new SessionTokens(SESSION_SECRET)
  const session = async (personId: number, role: 'client' | 'tutor') =>
    `sid=${await tokens.sign(await createSession(db, { personId, staffId: null, currentRole: role, ip: '127.0.0.1', userAgent: 'bench-chat' }))}`
  const orders: BenchOrder[] = []
  for (let i = 0; i < orderRows.length; i += 16)
    orders.push(
      ...(await Promise.all(
        orderRows.slice(i, i + 16).map(async (o) => ({
          orderId: o.id,
          client: { id: o.client_id!, cookie: await session(persons.get(`c${o.client_id}`)!, 'client') },
          tutor: { id: o.tutor_id!, cookie: await session(persons.get(`t${o.tutor_id}`)!, 'tutor') },
        })),
      )),
    )
  // Old benchmark messages are kept out of the rate-limit windows by time; connect after the newest id.
  const lastId = async () =>
    Number((await sql<{ m: string | null }>`select max(id)::text as m from chat_messages`.execute(db)).rows[0]?.m ?? 0)
  console.log(
    `${orders.length} orders, ${orders.length * 2} sockets a case; steps ${STEPS.join(', ')} msg/s × ${STEP_SECONDS}s; ${WORKERS} load workers`,
  )

  // 2. Two servers on the one database, limits raised for the benchmark.
  const limits = {
    CHAT_RATE_PER_USER: process.env.CHAT_RATE_PER_USER ?? '1000',
    CHAT_RATE_PER_ORDER: process.env.CHAT_RATE_PER_ORDER ?? '2000',
    CHAT_CONNECTS_PER_MINUTE: process.env.CHAT_CONNECTS_PER_MINUTE ?? '1000',
  }
  async function startApp() {
    const port = await freePort()
    // BENCH_CHAT_PROFILE=<dir>: each server writes a markdown CPU profile there when it stops.
    const profile = process.env.BENCH_CHAT_PROFILE
      ? ['--cpu-prof-md', `--cpu-prof-dir=${process.env.BENCH_CHAT_PROFILE}`]
      : []
    const proc = Bun.spawn(['bun', ...profile, 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        NODE_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET,
        LOG_LEVEL: 'warn',
        SITE: 'ua',
        ...limits,
      },
      stdout: 'inherit',
      stderr: 'inherit',
    })
    for (let i = 0; i < 600; i++) {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok) return { port, proc }
      await Bun.sleep(100)
    }
    throw new Error('server not ready')
  }
  const A = await startApp()
  const B = await startApp()
  const children = [A.proc, B.proc]
  // An interrupted run leaves no server or worker behind.
  process.on('exit', () => {
    for (const p of children) p.kill('SIGKILL')
  })
  process.on('SIGINT', () => process.exit(130))
  process.on('SIGTERM', () => process.exit(143))
  const rss = (pid: number) => {
    const f = `/proc/${pid}/status`
    if (!existsSync(f)) return 0
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(f, 'utf8'))
    return m ? Math.round(Number(m[1]) / 1024) : 0
  }
  /** CPU time (user + system, ms) a process has used: per message it is the server's cost, whatever else loads the machine. */
  const cpuMs = (pid: number) => {
    const f = `/proc/${pid}/stat`
    if (!existsSync(f)) return 0
    const fields = readFileSync(f, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // utime, stime in clock ticks (100 Hz)
  }
  /** CPU time (ms) of the PostgreSQL server: every process named postgres on this machine (a local server only). */
  const postgresCpuMs = () => {
    let total = 0
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue
        total += cpuMs(Number(pid))
      } catch {
        // The process ended meanwhile.
      }
    }
    return total
  }

  // 3. Load workers, each with a slice of the orders.
  interface Worker {
    proc: ReturnType<typeof Bun.spawn>
    // biome-ignore lint/suspicious/noExplicitAny: a worker's IPC message, JSON of several shapes
    next: () => Promise<any>
  }
  function spawnWorker(no: number): Promise<Worker> {
    const inbox: unknown[] = []
    const waiters: ((m: unknown) => void)[] = []
    const proc = Bun.spawn(['bun', import.meta.path, '--worker'], {
      cwd: root,
      env: {
        ...process.env,
        BENCH_WORKER: String(no),
        BENCH_RUN_TAG: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      },
      stdout: 'inherit',
      stderr: 'inherit',
      ipc(message) {
        const w = waiters.shift()
        if (w) w(message)
        else inbox.push(message)
      },
    })
    children.push(proc)
    // biome-ignore lint/suspicious/noExplicitAny: a worker's IPC message, JSON of several shapes
    const next = () => (inbox.length ? Promise.resolve(inbox.shift()) : new Promise<any>((r) => waiters.push(r)))
    return next().then(() => ({ proc, next }))
  }
  const ask = async (workers: Worker[], msg: unknown) => {
    for (const w of workers) w.proc.send(msg)
    const answers = await Promise.all(workers.map((w) => w.next()))
    const failed = answers.find((a) => a?.error)
    if (failed) throw new Error(`load worker: ${failed.error}`)
    return answers
  }

  const pct = (sorted: number[], p: number) =>
    sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! * 10) / 10 : null
  const results: Record<string, unknown>[] = []
  const caseErrors: Record<string, string> = {}
  for (const kase of CASES) {
    try {
      await runCase(kase)
    } catch (err) {
      // A case that fails (e.g. a socket refused while a server still works off the last step's
      // backlog) is reported; the figures measured so far are kept.
      caseErrors[kase] = String((err as Error).message ?? err)
      console.error(`${kase}: ${caseErrors[kase]}`)
    }
  }
  async function runCase(kase: 'in_process' | 'across') {
    const portB = kase === 'across' ? B.port : A.port
    // The first case's rows are dead weight for the second (no autovacuum here): vacuum between cases.
    await vacuum()
    const workers = await Promise.all(Array.from({ length: WORKERS }, (_, no) => spawnWorker(no)))
    const t0 = performance.now()
    const from = await lastId()
    for (const [no, w] of workers.entries())
      w.proc.send({
        cmd: 'connect',
        portA: A.port,
        portB,
        lastId: from,
        orders: orders.filter((_, i) => i % WORKERS === no),
      })
    const connected = await Promise.all(workers.map((w) => w.next()))
    if (connected.find((a) => a?.error)) throw new Error(`load worker: ${connected.find((a) => a?.error).error}`)
    const connectMs = Math.round(performance.now() - t0)
    console.log(`${kase}: ${orders.length * 2} sockets connected in ${connectMs} ms`)
    // Unrecorded warm-up: a server's first seconds under load prepare each statement on each pooled
    // connection and compile the hot code; the steps measure servers past that, as they run for days.
    if (WARMUP_SECONDS > 0)
      await ask(workers, { cmd: 'step', rate: WARMUP_RATE / WORKERS, seconds: WARMUP_SECONDS, drainMs: 3000 })
    for (const rate of STEPS) {
      let rssA = 0
      let rssB = 0
      const sampler = setInterval(() => {
        rssA = Math.max(rssA, rss(A.proc.pid))
        rssB = Math.max(rssB, rss(B.proc.pid))
      }, 500)
      const load0 = loadavg()[0]!
      const stepStart = performance.now()
      const cpu0 = [cpuMs(A.proc.pid), cpuMs(B.proc.pid), postgresCpuMs()]
      const answers = (await ask(workers, {
        cmd: 'step',
        rate: rate / WORKERS,
        seconds: STEP_SECONDS,
        drainMs: DRAIN_MS,
      })) as StepStats[]
      const wall = (performance.now() - stepStart) / 1000
      const cpu = [cpuMs(A.proc.pid) - cpu0[0]!, cpuMs(B.proc.pid) - cpu0[1]!, postgresCpuMs() - cpu0[2]!]
      clearInterval(sampler)
      const lat = answers.flatMap((a) => a.latencies).sort((a, b) => a - b)
      const sum = (k: 'sent' | 'received' | 'duplicates' | 'lost' | 'unacked') => answers.reduce((s, a) => s + a[k], 0)
      const sent = sum('sent')
      // Delivered msg/s: the messages received by their recipient over the sending window (a backlog
      // that needed the drain window shows as a high p99, and lost ones as lost).
      const row = {
        case: kase,
        sockets: orders.length * 2,
        target_msg_s: rate,
        sent,
        delivered: sum('received'),
        delivered_msg_s: Math.round(sum('received') / STEP_SECONDS),
        delivered_within_step_s: Math.round(lat.filter((l) => l <= 1000).length / STEP_SECONDS),
        p50_ms: pct(lat, 0.5),
        p95_ms: pct(lat, 0.95),
        p99_ms: pct(lat, 0.99),
        max_ms: lat.length ? Math.round(lat.at(-1)!) : null,
        lost: sum('lost'),
        duplicates: sum('duplicates'),
        unacked: sum('unacked'),
        errors: answers.flatMap((a) => a.errors).slice(0, 10),
        rss_mb: { A: rssA, B: rssB },
        // Both servers' CPU over the step and its drain, per message delivered (each also stored and echoed).
        server_cpu_ms_per_msg: sum('received')
          ? Math.round(((cpu[0]! + cpu[1]!) / sum('received')) * 1000) / 1000
          : null,
        server_cpu_ms: { A: Math.round(cpu[0]!), B: Math.round(cpu[1]!) },
        // PostgreSQL on this machine (every postgres process, whatever database): its CPU per message delivered.
        postgres_cpu_ms_per_msg: sum('received') ? Math.round((cpu[2]! / sum('received')) * 1000) / 1000 : null,
        load_avg_1m: Math.round(((load0 + loadavg()[0]!) / 2) * 100) / 100,
        step_wall_s: Math.round(wall * 10) / 10,
      }
      results.push(row)
      console.log(
        `  ${String(rate).padStart(5)} msg/s: delivered ${row.delivered_msg_s}/s, p50 ${row.p50_ms} p95 ${row.p95_ms} p99 ${row.p99_ms} ms, lost ${row.lost}, dup ${row.duplicates}, unacked ${row.unacked}, server CPU ${row.server_cpu_ms_per_msg} ms/msg (A ${row.server_cpu_ms.A} B ${row.server_cpu_ms.B} ms), PostgreSQL ${row.postgres_cpu_ms_per_msg} ms/msg, RSS A ${rssA} MB B ${rssB} MB, load ${row.load_avg_1m}`,
      )
    }
    await ask(workers, { cmd: 'close' })
    for (const w of workers) w.proc.kill('SIGTERM')
  }
  for (const p of [A.proc, B.proc]) p.kill('SIGTERM')
  await Promise.all([A.proc.exited, B.proc.exited])
  await handle.close()

  const report = {
    date: new Date().toISOString(),
    machine: {
      cores: navigator.hardwareConcurrency,
      bun: Bun.version,
      load_avg: loadavg().map((l) => Math.round(l * 100) / 100),
    },
    orders: orders.length,
    step_seconds: STEP_SECONDS,
    warmup: { seconds: WARMUP_SECONDS, msg_s: WARMUP_RATE },
    load_workers: WORKERS,
    limits,
    targets: {
      delivered_msg_s_per_process_min: 5000,
      in_process_p99_ms_max: 50,
      across_p99_ms_max: 100,
      sockets: 2000,
    },
    steps: results,
    case_errors: caseErrors,
    note: 'Each order has a client and its appointed tutor; they write to each other alternately with client_msg_id. Latency: from send() in the load worker to the frame at the recipient, in the same worker. lost: sent and not received by the recipient by the end of the drain window (a backlog still queued in the server counts here; the next step ignores it); unacked: no echo to the sender. in_process: both parties on process A; across: client on A, tutor on B (each process stores what its own sockets send and delivers to its own sockets). The load workers run on the same 2 cores as both servers and PostgreSQL.',
  }
  const file = resolve(root, 'bench/results.json')
  const current = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
  await Bun.write(file, `${JSON.stringify({ ...current, chat: report }, null, 2)}\n`)
  console.log(
    `\nchat: ${orders.length * 2} sockets, ${WORKERS} load workers, ${STEP_SECONDS}s a step, load average ${report.machine.load_avg.join(' ')}`,
  )
  console.log('case          sockets  target msg/s  delivered/s  p50 ms  p95 ms  p99 ms  lost  dup  RSS A/B MB  load')
  // biome-ignore lint/suspicious/noExplicitAny: the rows built above, printed field by field
  for (const r of results as any[])
    console.log(
      `${r.case.padEnd(13)} ${String(r.sockets).padStart(7)} ${String(r.target_msg_s).padStart(13)} ${String(r.delivered_msg_s).padStart(12)} ${String(r.p50_ms).padStart(7)} ${String(r.p95_ms).padStart(7)} ${String(r.p99_ms).padStart(7)} ${String(r.lost).padStart(5)} ${String(r.duplicates).padStart(4)} ${`${r.rss_mb.A}/${r.rss_mb.B}`.padStart(11)} ${String(r.load_avg_1m).padStart(5)}`,
    )
  console.log('wrote bench/results.json (key "chat")')
}
