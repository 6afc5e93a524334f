// Lighthouse mobile ≥ 95 performance and 100 SEO on /reviews, /blog/, /news/, /p/faq and a catalogue page
// with twenty cards (the page most visitors land on first).
// The test app serves the production build (dist/client, as every browser test); Lighthouse's Node API
// runs under Bun against one headless Debian Chromium started by chrome-launcher (its dependency),
// with Lighthouse's defaults: the mobile form factor and simulated throttling (Lantern: the scores are
// computed from the page's network graph, so a loaded 2-core machine moves them less than real
// throttling would). The four pages share the one Chrome; each page's score is its median of five
// runs. Scores are printed; the docs/decisions.md keeps them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { type TestApp, startTestApp } from '../helpers/app'
import { makeTutor, referenceFixture } from '../helpers/catalogue'

const CATALOGUE = '/tutors/matematyka/kyiv/'
const PAGES = ['/reviews', '/blog/', '/news/', '/p/faq', CATALOGUE]
// Five: Lighthouse's variability guide (docs/variability.md) finds the median of five runs about twice as
// steady as one. A single run here moves by up to seven points, as the module scripts happen to arrive
// before the first paint or after it (docs/decisions.md, "Hydration in slices").
const RUNS = 5

let app: TestApp
let chrome: chromeLauncher.LaunchedChrome
beforeAll(async () => {
  app = await startTestApp({ site: 'ua', pages: true })
  // A full catalogue page: twenty cards with ratings, places and prices.
  const ref = await referenceFixture(app.services.db)
  for (let i = 0; i < 24; i++)
    await makeTutor(app.services.db, {
      name: `Лайтгаус Тьютор ${i}`,
      subjects: [{ lesson: ref.lessons.math, levels: [ref.levels.school] }],
      places: [{ kind: 'home', city: ref.cities.kyiv, district: ref.districts.podil }],
      online: i % 3 === 0,
      price: 250 + i * 10,
      reviewCount: i % 5,
      reviewAvg: 4.6,
      university: 'КНУ імені Тараса Шевченка',
      description: 'Готую до НМТ і олімпіад, пояснюю просто і послідовно.',
    })
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

/**
 * Lighthouse's CPU slowdown for this host, calibrated as its docs ask (docs/throttling.md, "Calibrating
 * the CPU slowdown"): the default 4x takes a high-end desktop (BenchmarkIndex 1500–2000, 4x suggested
 * at its middle) to a mid-tier phone, and a low-end desktop (1000–1500) needs 2x at its middle, less
 * toward its low end. Read between those two suggestions (1250 → 2x, 1750 → 4x), never above the
 * default 4x. This shared 2-core VM's index moves between ~1150 and ~1950 from run to run.
 */
function cpuSlowdownFor(benchmarkIndex: number): number {
  return Math.round(Math.min(4, Math.max(1, 2 + (benchmarkIndex - 1250) / 250)) * 10) / 10
}

type Lhr = {
  environment?: { benchmarkIndex?: number }
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

// Scores depend on the pages, not on the database: measured where the browser suite runs (CI runs it once,
// on the PostgreSQL server).
describe('Lighthouse (mobile, simulated throttling), ua edition', () => {
  test('performance ≥ 95 and SEO 100 on /reviews, /blog/, /news/, /p/faq and a catalogue page', async () => {
    const scores: Record<string, { performance: number | null; seo: number | null; lost: string[] }> = {}
    // The host's BenchmarkIndex: the median of five runs of the first page (its SEO only, quick), which
    // also warm the server and Chrome.
    const indexes: number[] = []
    for (let i = 0; i < 5; i++) {
      const warm = (await lighthouse(app.url + PAGES[0], {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['seo'],
      }))!.lhr as unknown as Lhr
      if (warm.environment?.benchmarkIndex) indexes.push(warm.environment.benchmarkIndex)
    }
    const index = indexes.sort((a, b) => a - b)[Math.floor(indexes.length / 2)] ?? 1750
    const cpuSlowdownMultiplier = cpuSlowdownFor(index)
    console.log(`lighthouse: BenchmarkIndex ${indexes.join(', ')} → CPU slowdown ${cpuSlowdownMultiplier}x`)
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
          throttling: { cpuSlowdownMultiplier },
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
  }, 600_000)
})
