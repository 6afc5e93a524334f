// "Lighthouse mobile ≥ 95 performance and 100 SEO on /reviews, /blog/, /news/, /p/faq".
// The test app serves the production build (dist/client, as every browser test); Lighthouse's Node API
// runs under Bun against one headless Debian Chromium started by chrome-launcher (its dependency),
// with Lighthouse's defaults: the mobile form factor and simulated throttling (Lantern: the scores are
// computed from the page's network graph, so a loaded 2-core machine moves them less than real
// throttling would). The four pages share the one Chrome; each page's score is its median of three
// runs. Scores are printed; the docs/decisions.md keeps them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { type TestApp, startTestApp } from '../helpers/app'

const PAGES = ['/reviews', '/blog/', '/news/', '/p/faq']
const RUNS = 3

let app: TestApp
let chrome: chromeLauncher.LaunchedChrome
beforeAll(async () => {
  if (process.env.DATABASE_URL) return // see the describe below
  app = await startTestApp({ site: 'ua', pages: true })
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
    ],
  })
})
afterAll(async () => {
  chrome?.kill()
  await app?.close()
})

type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  audits: Record<string, { score: number | null; displayValue?: string }>
  runtimeError?: { message: string }
}

/** The audits of a category that lost points (weight > 0, score < 1), to read when a score drops. */
function losses(lhr: Lhr, category: string): string[] {
  return lhr.categories[category]!.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map(
    (r) => `${r.id} ${lhr.audits[r.id]!.score} ${lhr.audits[r.id]!.displayValue ?? ''}`.trim(),
  )
}

// Scores depend on the pages, not on the database: measured once per `bun run test`, on embedded PGlite
// (the PostgreSQL pass of CI skips it, which also halves the ~100 s it costs and its run-to-run noise).
describe.skipIf(!!process.env.DATABASE_URL)('Lighthouse (mobile, simulated throttling), ua edition', () => {
  test('performance ≥ 95 and SEO 100 on /reviews, /blog/, /news/, /p/faq', async () => {
    const scores: Record<string, { performance: number | null; seo: number | null; lost: string[] }> = {}
    for (const path of PAGES) {
      // RUNS runs (an odd number), and the run with the median performance score, as Lighthouse's docs
      // advise against run-to-run variance: on this 2-core machine one run's performance moves by several
      // points. (Lighthouse's own computeMedianRun picks the run nearest the median first contentful paint
      // and time to interactive, which is not the median score: of runs scoring 100, 93 and 97 it took 93.)
      // A run whose trace broke (NO_NAVSTART, seen once under load: "Please run Lighthouse again") scores
      // nothing and is run again, at most RUNS more times.
      const runs: Lhr[] = []
      for (let attempt = 1; runs.length < RUNS && attempt <= 2 * RUNS; attempt++) {
        const result = await lighthouse(app.url + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'seo'],
        })
        const run = result!.lhr as unknown as Lhr
        if (run.runtimeError) console.log(`lighthouse ${path}: attempt ${attempt}: ${run.runtimeError.message}`)
        else runs.push(run)
      }
      expect(runs.length).toBe(RUNS)
      const perf = (r: Lhr) => r.categories.performance!.score ?? 0
      const lhr = [...runs].sort((a, b) => perf(a) - perf(b))[Math.floor(runs.length / 2)]!
      const each = runs.map((r) => Math.round((r.categories.performance!.score ?? 0) * 100)).join(', ')
      scores[path] = {
        performance: lhr.categories.performance!.score,
        seo: lhr.categories.seo!.score,
        lost: [...losses(lhr, 'performance'), ...losses(lhr, 'seo')],
      }
      console.log(
        `lighthouse ${path}: median run: performance ${Math.round((scores[path].performance ?? 0) * 100)} (runs: ${each}), SEO ${Math.round((scores[path].seo ?? 0) * 100)}${scores[path].lost.length ? ` (lost: ${scores[path].lost.join('; ')})` : ''}`,
      )
    }
    for (const path of PAGES) {
      expect({
        path,
        performanceAtLeast95: (scores[path]!.performance ?? 0) >= 0.95,
        lost: scores[path]!.lost,
      }).toEqual({ path, performanceAtLeast95: true, lost: scores[path]!.lost })
      expect({ path, seo: scores[path]!.seo, lost: scores[path]!.lost }).toEqual({
        path,
        seo: 1,
        lost: scores[path]!.lost,
      })
    }
  }, 420_000)
})
