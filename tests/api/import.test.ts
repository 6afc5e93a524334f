// scripts/import.ts KIND FILE as an operator runs it: a subprocess against the test database (PGlite
// in a temp DATA_DIR, or a database of its own on the PostgreSQL server).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { type DbHandle, createDb } from '../../db/client'
import { migrateToLatest } from '../../db/migrate'
import { testDb } from '../helpers/db'

const root = resolve(import.meta.dir, '../..')
const samples = join(root, 'db/seed/csv')
let env: Record<string, string>
let server: (DbHandle & { url?: string }) | null = null
let dataDir: string

/** Opens the database the script uses (one process at a time for PGlite). */
async function withDb<T>(fn: (h: DbHandle) => Promise<T>): Promise<T> {
  const h = server?.url
    ? await createDb({ databaseUrl: server.url, maxConnections: 1 })
    : await createDb({ dataDir: join(dataDir, 'pglite') })
  try {
    return await fn(h)
  } finally {
    await h.close()
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'import-test-'))
  if (process.env.DATABASE_URL) server = await testDb()
  env = {
    ...process.env,
    SITE: 'ua',
    DATA_DIR: dataDir,
    DATABASE_URL: server?.url ?? '',
    PASSWORD_HASH_COST: 'test',
    LOG_LEVEL: 'silent',
  } as Record<string, string>
  // The sample cities name their regions; regions are not imported: they come with the schema.
  await withDb((h) => migrateToLatest(h.db))
})
afterAll(async () => {
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

interface Report {
  imported: number
  updated: number
  unchanged: number
  rejected: { row: number; reason: string }[]
}

function run(kind: string, file: string) {
  const p = Bun.spawnSync(['bun', 'run', 'scripts/import.ts', kind, file], { cwd: root, env })
  const out = p.stdout.toString().trim()
  let report: Report | null = null
  try {
    report = JSON.parse(out)
  } catch {
    /* not a report */
  }
  return { code: p.exitCode, out, err: p.stderr.toString().trim(), report }
}

function csv(name: string, text: string) {
  const file = join(dataDir, name)
  writeFileSync(file, text)
  return file
}

const KINDS = ['cities', 'districts', 'subdistricts', 'lessons', 'levels'] as const
const SAMPLE_ROWS = { cities: 3, districts: 4, subdistricts: 3, lessons: 4, levels: 3 }

describe('import', () => {
  test('each kind from the sample CSV files, in order; the rows are stored as written', async () => {
    for (const kind of KINDS) {
      const r = run(kind, join(samples, `${kind}.csv`))
      expect([kind, r.err, r.code]).toEqual([kind, '', 0])
      expect(r.report).toEqual({ imported: SAMPLE_ROWS[kind], updated: 0, unchanged: 0, rejected: [] })
    }
    await withDb(async ({ db }) => {
      const kyiv = await db
        .selectFrom('cities')
        .innerJoin('regions', 'regions.id', 'cities.region_id')
        .select([
          'cities.id',
          'cities.names',
          'cities.popular',
          'cities.sort',
          'cities.active',
          'regions.alias as region',
        ])
        .where('cities.alias', '=', 'kyiv')
        .executeTakeFirstOrThrow()
      expect(kyiv).toMatchObject({
        names: { ua: 'Київ', ru: 'Киев', en: 'Kyiv' },
        popular: true,
        sort: 10,
        active: true,
        region: 'kyiv',
      })
      const uzhhorod = await db
        .selectFrom('cities')
        .select(['region_id', 'popular', 'edition'])
        .where('alias', '=', 'uzhhorod')
        .executeTakeFirstOrThrow()
      expect(uzhhorod).toEqual({ region_id: null, popular: false, edition: 'ua' })
      const sykhiv = await db
        .selectFrom('districts')
        .innerJoin('cities', 'cities.id', 'districts.city_id')
        .select(['districts.active', 'cities.alias'])
        .where('districts.alias', '=', 'sykhivskyi')
        .executeTakeFirstOrThrow()
      expect(sykhiv).toEqual({ active: false, alias: 'lviv' })
      const lypky = await db
        .selectFrom('subdistricts')
        .innerJoin('districts', 'districts.id', 'subdistricts.district_id')
        .select(['districts.alias', 'subdistricts.names'])
        .where('subdistricts.alias', '=', 'lypky')
        .executeTakeFirstOrThrow()
      expect(lypky).toEqual({ alias: 'pecherskyi', names: { ua: 'Липки', ru: 'Липки', en: 'Lypky' } })
      const math = await db
        .selectFrom('lessons')
        .select(['id', 'school', 'popular'])
        .where('alias', '=', 'mathematics')
        .executeTakeFirstOrThrow()
      expect(math).toMatchObject({ school: true, popular: true })
      const levels = await db
        .selectFrom('levels')
        .select('alias')
        .where('lesson_id', '=', math.id)
        .orderBy('sort')
        .execute()
      expect(levels.map((l) => l.alias)).toEqual(['grades-5-9', 'nmt'])
      // Imports are audited as the system.
      const audit = await db
        .selectFrom('audit_log')
        .select(['actor_kind', 'action'])
        .where('entity', '=', 'city')
        .execute()
      expect(audit).toHaveLength(3)
      expect(audit.every((a) => a.actor_kind === 'system' && a.action === 'city.create')).toBe(true)
    })
  })

  test('re-running the same files changes nothing', async () => {
    const before = await withDb(({ db }) =>
      db
        .selectFrom('audit_log')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    )
    for (const kind of KINDS) {
      const r = run(kind, join(samples, `${kind}.csv`))
      expect([kind, r.code, r.report]).toEqual([
        kind,
        0,
        { imported: 0, updated: 0, unchanged: SAMPLE_ROWS[kind], rejected: [] },
      ])
    }
    const after = await withDb(({ db }) =>
      db
        .selectFrom('audit_log')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    )
    expect(Number(after.n)).toBe(Number(before.n))
  })

  test('a changed row is updated once; names merge; an empty cell keeps the stored value', async () => {
    const file = csv(
      'lessons-changed.csv',
      'alias,name_ua,name_en,active,sort,popular,school\n' +
        'mathematics,Математика,Maths,,,,\n' + // en renamed; ru kept; flags and sort kept
        'english,Англійська мова,English,1,20,1,1\n' + // unchanged
        'geometry,Геометрія,Geometry,1,15,0,1\n', // new
    )
    expect(run('lessons', file).report).toEqual({ imported: 1, updated: 1, unchanged: 1, rejected: [] })
    expect(run('lessons', file).report).toEqual({ imported: 0, updated: 0, unchanged: 3, rejected: [] })
    await withDb(async ({ db }) => {
      const math = await db
        .selectFrom('lessons')
        .select(['names', 'sort', 'popular', 'school'])
        .where('alias', '=', 'mathematics')
        .executeTakeFirstOrThrow()
      expect(math).toEqual({
        names: { ua: 'Математика', ru: 'Математика', en: 'Maths' },
        sort: 10,
        popular: true,
        school: true,
      })
      const saves = await db.selectFrom('audit_log').select('data').where('action', '=', 'lesson.save').execute()
      expect(saves).toHaveLength(1)
      expect(JSON.stringify(saves[0]!.data)).toContain('Maths')
    })
  })

  test('rejected rows carry their line number and a reason; the good rows are still imported', async () => {
    const file = csv(
      'districts-bad.csv',
      [
        'city_alias,alias,name_ua,name_ru,active,sort', // 1
        'kyiv,obolonskyi,Оболонський,Оболонский,1,0', // 2 good
        'kyiv,holosiivskyi,,Голосеевский,1,0', // 3 no default-locale name
        'kyiv,Bad Alias!,Погане,,1,0', // 4 bad alias
        'atlantis,center,Центр,,1,0', // 5 unknown parent
        'kyiv,obolonskyi,Оболонь,,1,0', // 6 duplicate within the file
        'kyiv,darnytskyi,Дарницький,,maybe,0', // 7 bad flag
        'kyiv,desnianskyi,Деснянський,,1,first', // 8 bad sort
        'kyiv,solomianskyi,Солом’янський', // 9 too few columns
        ',center,Центр,,1,0', // 10 no parent
        'lviv,halytskyi,Галицький,Галицкий,1,0', // 11 existing, unchanged
      ].join('\n'),
    )
    const r = run('districts', file)
    expect(r.code).toBe(1)
    expect(r.report!.imported).toBe(1)
    expect(r.report!.unchanged).toBe(1)
    expect(r.report!.updated).toBe(0)
    const reasons = Object.fromEntries(r.report!.rejected.map((x) => [x.row, x.reason]))
    expect(Object.keys(reasons).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9, 10])
    expect(reasons[3]).toContain('name_ua')
    expect(reasons[4]).toContain('bad alias')
    expect(reasons[5]).toBe("unknown city 'atlantis'")
    expect(reasons[6]).toContain('duplicate alias')
    expect(reasons[6]).toContain('line 2')
    expect(reasons[7]).toContain('active')
    expect(reasons[8]).toContain('sort')
    expect(reasons[9]).toContain('columns')
    expect(reasons[10]).toContain('city_alias')
    for (const x of r.report!.rejected) expect(x.reason.length).toBeGreaterThan(5)

    const levels = run(
      'levels',
      csv('levels-bad.csv', 'lesson_alias,alias,name_ua\nchess,beginner,Початковий\nmathematics,grades-5-9,\n'),
    )
    expect(levels.report!.rejected).toEqual([{ row: 2, reason: "unknown subject 'chess'" }])
    expect(levels.report!.unchanged).toBe(1) // an existing row keeps its stored default-locale name
    const subs = run(
      'subdistricts',
      csv('subs-bad.csv', 'city_alias,district_alias,alias,name_ua\nkyiv,nowhere,x,Х\nlviv,pecherskyi,y,Y\n'),
    )
    expect(subs.report!.rejected.map((x) => x.reason)).toEqual([
      "unknown district 'nowhere' in city 'kyiv'",
      "unknown district 'pecherskyi' in city 'lviv'",
    ])
    const cities = run('cities', csv('cities-bad.csv', 'alias,name_ua,region_alias\nrivne,Рівне,rivnenska\n'))
    expect(cities.report!.rejected).toEqual([{ row: 2, reason: "unknown region 'rivnenska'" }])
  })

  test('a BOM, CRLF line ends, quoted commas, quotes and line breaks are read as CSV', async () => {
    const file = csv(
      'cities-bom.csv',
      '\uFEFFalias,name_ua,name_en,region_alias,active,sort,popular\r\n' +
        'kamianets-podilskyi,"Кам\'янець-Подільський, місто","Kamianets-Podilskyi, city",,1,300,0\r\n' +
        'bila-tserkva,"Біла ""Церква""",Bila Tserkva,kyiv,1,310,0\r\n' +
        '\r\n' +
        'chernihiv,"Чернігів\r\nмісто",Chernihiv,,1,320,0\r\n' +
        'bad,"Б",B,,,x,\r\n' +
        'bad-two,"Два\r\nрядки",B,,maybe,,\r\n' +
        'bad-three,,B,,,,\r\n',
    )
    const r = run('cities', file)
    expect(r.report!.imported).toBe(3)
    expect(r.report!.rejected).toEqual([
      { row: 7, reason: "sort: expected a whole number, got 'x'" },
      { row: 8, reason: "active: expected 1 or 0, got 'maybe'" }, // a record on lines 8-9 is reported at its first line
      { row: 10, reason: "missing name_ua (the edition's default locale)" },
    ])
    await withDb(async ({ db }) => {
      const rows = await db
        .selectFrom('cities')
        .select(['alias', 'names'])
        .where('alias', 'in', ['kamianets-podilskyi', 'bila-tserkva', 'chernihiv'])
        .orderBy('sort')
        .execute()
      expect(rows).toEqual([
        {
          alias: 'kamianets-podilskyi',
          names: { ua: "Кам'янець-Подільський, місто", en: 'Kamianets-Podilskyi, city' },
        },
        { alias: 'bila-tserkva', names: { ua: 'Біла "Церква"', en: 'Bila Tserkva' } },
        { alias: 'chernihiv', names: { ua: 'Чернігів\nмісто', en: 'Chernihiv' } },
      ])
    })
    expect(run('cities', file).report).toMatchObject({ imported: 0, updated: 0, unchanged: 3 })
  })

  test('usage, an unknown kind, a missing file and a wrong header are refused without importing', async () => {
    const tutors = run('tutors', join(samples, 'cities.csv'))
    expect(tutors.code).toBe(2)
    expect(tutors.err).toContain('usage')
    expect(run('cities', '').code).not.toBe(0)
    expect(Bun.spawnSync(['bun', 'run', 'scripts/import.ts'], { cwd: root, env }).exitCode).toBe(2)
    const missing = run('cities', join(dataDir, 'nope.csv'))
    expect(missing.code).toBe(1)
    expect(missing.err).toContain('cannot read')
    const header = run('districts', csv('no-parent.csv', 'alias,name_ua\nx,X\n'))
    expect(header.code).toBe(1)
    expect(header.err).toContain('city_alias')
    const unknownColumn = run('lessons', csv('unknown-col.csv', 'alias,name_ua,colour\nx,X,red\n'))
    expect(unknownColumn.code).toBe(1)
    expect(unknownColumn.err).toContain('colour')
    const quotes = run('lessons', csv('broken.csv', 'alias,name_ua\n"x,X\n'))
    expect(quotes.code).toBe(1)
    expect(quotes.report).toBeNull()
    await withDb(async ({ db }) => {
      expect(await db.selectFrom('lessons').select('id').where('alias', '=', 'x').executeTakeFirst()).toBeUndefined()
    })
  })
})
