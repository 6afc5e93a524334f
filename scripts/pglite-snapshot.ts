// postinstall: runs PGlite's initdb and the migrations once and keeps the results
// (db/cluster-snapshot.ts), so a fresh clone's first `bun run start` copies a cluster instead of
// making one. Never fails the install: a start without them runs initdb and the migrations itself.
import { makeClusterSnapshots } from '../db/cluster-snapshot'
import { startJobs } from '../server/jobs/jobs'
import { createLogger } from '../server/log'

try {
  const t0 = performance.now()
  // pg-boss makes its tables at its first start (a second of a first start): made here once, stopped.
  const made = await makeClusterSnapshots(async (handle) => {
    const jobs = await startJobs(handle, { log: () => createLogger('warn') })
    await jobs.stop()
  })
  if (made.length) console.log(`kept in ${Math.round(performance.now() - t0)} ms: ${made.join(', ')}`)
} catch (err) {
  console.warn(`no PGlite cluster kept (a first start will run initdb and the migrations): ${String(err)}`)
}
process.exit(0)
