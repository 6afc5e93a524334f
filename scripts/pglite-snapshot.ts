// postinstall: runs PGlite's initdb and the migrations once and keeps the results
// (db/cluster-snapshot.ts), so a fresh clone's first `bun run start` copies a cluster instead of
// making one. Never fails the install: a start without them runs initdb and the migrations itself.
import { makeClusterSnapshots } from '../db/cluster-snapshot'

try {
  const t0 = performance.now()
  const made = await makeClusterSnapshots()
  if (made.length) console.log(`kept in ${Math.round(performance.now() - t0)} ms: ${made.join(', ')}`)
} catch (err) {
  console.warn(`no PGlite cluster kept (a first start will run initdb and the migrations): ${String(err)}`)
}
process.exit(0)
