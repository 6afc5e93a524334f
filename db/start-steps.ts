// Named moments of a first start (initdb, migrations, reference data, demo seed). START_HOLD_AT=<step>
// makes the process announce the step on stdout and stop there, alive, so a test can kill it at that
// exact moment (SIGKILL) instead of guessing a delay. Ignored in production.
export type StartStep = 'initdb' | 'migrations' | 'reference' | 'demo'

export async function startStep(step: StartStep): Promise<void> {
  if (process.env.NODE_ENV === 'production' || process.env.START_HOLD_AT !== step) return
  console.log(JSON.stringify({ level: 'warn', msg: 'start held (START_HOLD_AT)', step, pid: process.pid }))
  // A timer keeps the event loop (and so the process) alive until it is killed.
  await new Promise<never>(() => setInterval(() => {}, 1 << 30))
}
