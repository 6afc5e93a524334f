import { afterAll, beforeAll, test } from 'bun:test'
import { chromium } from 'playwright-core'
import { type TestApp, startTestApp } from './tests/helpers/app'
import { makeTutor, referenceFixture } from './tests/helpers/catalogue'
let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ site: 'ua', pages: true })
  const ref = await referenceFixture(app.services.db)
  for (let i = 0; i < 24; i++)
    await makeTutor(app.services.db, { name: `Лайтгаус Тьютор ${i}`, subjects: [{ lesson: ref.lessons.math, levels: [ref.levels.school] }], places: [{ kind: 'home', city: ref.cities.kyiv, district: ref.districts.podil }], online: i % 3 === 0, price: 250 + i * 10, reviewCount: i % 5, reviewAvg: 4.6, university: 'КНУ', description: 'Готую до НМТ і олімпіад.' })
})
afterAll(async () => { await app?.close() })
test('prof', async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  const path = process.env.P ?? '/tutors/matematyka/kyiv/'
  const agg = new Map<string, number>()
  for (let run = 0; run < 3; run++) {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } })
    page.on('console', (m) => console.log('CONSOLE', m.type(), m.text().slice(0, 300)))
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
    await cdp.send('Profiler.start')
    await page.goto(app.url + path, { waitUntil: 'networkidle' })
    const { profile } = await cdp.send('Profiler.stop')
    const byId = new Map(profile.nodes.map((n: any) => [n.id, n]))
    const dt = profile.timeDeltas as number[]
    const counts = new Map<number, number>()
    profile.samples.forEach((s: number, i: number) => counts.set(s, (counts.get(s) ?? 0) + (dt[i] ?? 0)))
    const parentOf = new Map<number, number>()
    for (const n of profile.nodes as any[]) for (const c of n.children ?? []) parentOf.set(c, n.id)
    for (const [id, us] of counts) {
      const n0: any = byId.get(id)
      if (run === 0 && (n0.callFrame.functionName === 'appendChild' || n0.callFrame.functionName === 'ml' || n0.callFrame.functionName === 'es') && us > 1000) {
        const chain: string[] = []
        for (let p = id; p && chain.length < 14; p = parentOf.get(p)!) { const f: any = (byId.get(p) as any).callFrame; chain.push(`${f.functionName || 'anon'}@${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`) }
        console.log('CHAIN', (us / 1000).toFixed(1), chain.join(' < '))
      }
      const n: any = byId.get(id)
      const f = n.callFrame
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
      agg.set(key, (agg.get(key) ?? 0) + us)
    }
    await page.close()
  }
  const top = [...agg].sort((a, b) => b[1] - a[1]).slice(0, 40)
  for (const [k, us] of top) console.log('SELF', (us / 3000).toFixed(1), 'ms', k)
  // by file
  const byFile = new Map<string, number>()
  for (const [k, us] of agg) { const f = k.split(' ').pop()!.split(':')[0]!; byFile.set(f, (byFile.get(f) ?? 0) + us) }
  for (const [f, us] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log('FILE', (us / 3000).toFixed(1), 'ms', f)
  await browser.close()
}, 600000)
