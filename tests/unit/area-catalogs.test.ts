// Every area catalog (i18n/areas/) holds every key of its Ukrainian source, each with a text.
import { describe, expect, test } from 'bun:test'
import { type AreaName, areaLocales, loadAreaCatalog } from '../../i18n/areas'

const AREAS: AreaName[] = ['account', 'clientAccount', 'panel', 'orders', 'recovery', 'tops', 'wallet', 'billing']

describe('area catalogs', () => {
  for (const area of AREAS) {
    test(`${area}: every language has every key, none empty`, async () => {
      const source = await loadAreaCatalog(area, 'ua')
      const keys = Object.keys(source).sort()
      expect(keys.length).toBeGreaterThan(0)
      for (const locale of areaLocales(area)) {
        const catalog = (await loadAreaCatalog(area, locale)) as Record<string, string>
        expect(Object.keys(catalog).sort()).toEqual(keys)
        for (const key of keys) expect(catalog[key]?.trim().length, `${area}/${locale}/${key}`).toBeGreaterThan(0)
      }
    })
  }

  test("panel: a tutor's status does not repeat a flag shown beside it (status 2 is approved; published is a flag)", async () => {
    for (const locale of areaLocales('panel')) {
      const pt = (await loadAreaCatalog('panel', locale)) as Record<string, string>
      const flags = Object.keys(pt)
        .filter((k) => k.startsWith('t.flag.'))
        .map((k) => pt[k]!.toLowerCase())
      for (const status of ['t.status.1', 't.status.2', 't.status.6'])
        expect({ locale, status, flag: flags.includes(pt[status]!.toLowerCase()) }).toEqual({
          locale,
          status,
          flag: false,
        })
    }
  })

  test('a language an area lacks falls back to Ukrainian', async () => {
    expect(areaLocales('panel')).not.toContain('pl')
    expect(await loadAreaCatalog('panel', 'pl')).toBe(await loadAreaCatalog('panel', 'ua'))
  })
})
