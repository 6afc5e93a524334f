// Site blocks (the panel page units_blocks; the spec names the page only): named texts of
// the public site per edition, one text per language, that staff edit. The public main page and footer
// show an active block's text in the visitor's language and the catalog's own text otherwise. Seeded with
// the texts the site showed when the table came (i18n catalogs `home.heading`, `home.description`,
// `footer.rights`), copied here so that a later catalog edit does not change what this migration wrote.
import { type Kysely, sql } from 'kysely'

type Texts = Record<string, string>
const HEADING: Texts = {
  ua: 'Знайдіть репетитора',
  ru: 'Найдите репетитора',
  en: 'Find a tutor',
  pl: 'Znajdź korepetytora',
  es: 'Encuentra un profesor',
}
const DESCRIPTION: Texts = {
  ua: 'Перевірені репетитори з усіх предметів: вдома, з виїздом та онлайн.',
  ru: 'Проверенные репетиторы по всем предметам: на дому, с выездом и онлайн.',
  en: 'Verified tutors in all subjects: at home, at your place and online.',
  pl: 'Sprawdzeni korepetytorzy ze wszystkich przedmiotów: w domu, z dojazdem i online.',
  es: 'Profesores verificados de todas las asignaturas: en casa, a domicilio y online.',
}
const RIGHTS: Texts = {
  ua: 'Усі права захищені',
  ru: 'Все права защищены',
  en: 'All rights reserved',
  pl: 'Wszelkie prawa zastrzeżone',
  es: 'Todos los derechos reservados',
}
/** The editions' languages when the table came (common/editions.ts). */
const LOCALES: Record<string, string[]> = {
  ua: ['ua', 'ru', 'en'],
  pl: ['pl', 'en'],
  kz: ['ru'],
  us: ['en'],
  in: ['en'],
  mx: ['es'],
  es: ['es'],
  ng: ['en'],
}

const BLOCKS: { alias: string; kind: 'text' | 'html'; sort: number; texts: Texts }[] = [
  { alias: 'home_heading', kind: 'text', sort: 1, texts: HEADING },
  { alias: 'home_description', kind: 'text', sort: 2, texts: DESCRIPTION },
  { alias: 'footer_rights', kind: 'text', sort: 3, texts: RIGHTS },
  // Shown under the footer's copyright line; nothing there until staff write it.
  { alias: 'footer_notice', kind: 'html', sort: 4, texts: {} },
]

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_blocks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('text', 'html')`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('texts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('site_blocks_edition_alias', ['edition', 'alias'])
    .execute()
  const rows = Object.entries(LOCALES).flatMap(([edition, locales]) =>
    BLOCKS.map((b) => ({
      edition,
      alias: b.alias,
      kind: b.kind,
      sort: b.sort,
      // As db/jsonb.ts: through text, so postgres.js does not store a JSON string.
      texts: sql`cast(cast(${JSON.stringify(Object.fromEntries(locales.filter((l) => b.texts[l]).map((l) => [l, b.texts[l]])))} as text) as jsonb)`,
    })),
  )
  await db.insertInto('site_blocks').values(rows).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_blocks').execute()
}
