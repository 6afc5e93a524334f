// Site blocks (panel page units_blocks; our calls /admin/units_blocks/*): named texts of
// the public site per edition with a text per language. Staff list, read, save (per language: plain text
// is trimmed with its spaces folded, HTML sanitised) and switch a block on/off; every change is audited.
// The public read answers the active blocks' non-empty texts in the request's language; the pages fall
// back to their catalog text for anything missing. Every page render asks, so the edition's rows are kept
// in memory for SITE_BLOCKS_TTL_MS (like page metatags); a staff change empties this process's copy at once,
// clear_cache every process's.
import { sql } from 'kysely'
import { jsonb } from '../../../db/jsonb'
import { FieldErrors } from '../../../common/errors'
import type { EditionCode, Locale } from '../../../common/editions'
import {
  SITE_BLOCK_ALIASES,
  SITE_BLOCK_LIMITS,
  type PublicSiteBlocks,
  type SiteBlock,
  type SiteBlockAlias,
} from '../../../common/schemas/admin/site-blocks.schema'
import { msg } from '../../../i18n/format'
import { pageOf, readContentRow, toggleActive } from '../content/content-list'
import { sanitizeRichText } from '../content/sanitize'
import { type Executor, audit } from '../shared/audit'
import { clearPageReads, keptReads } from '../shared/kept-reads'
import type { Scope } from '../shared/scope'

export const SITE_BLOCKS_TTL_MS = 10_000
const PAGE = 20

type Texts = Partial<Record<Locale, string>>
const COLUMNS = ['id', 'edition', 'alias', 'kind', 'texts', 'active', 'updated_at'] as const
interface Row {
  id: number
  edition: string
  alias: string
  kind: string
  texts: unknown
  active: boolean
  updated_at: Date
}

const textsOf = (v: unknown): Texts => (v && typeof v === 'object' ? (v as Texts) : {})
const answer = (r: Row): SiteBlock => ({
  id: r.id,
  edition: r.edition as EditionCode,
  alias: r.alias,
  kind: r.kind === 'html' ? 'html' : 'text',
  texts: textsOf(r.texts),
  active: r.active,
  updated_at: r.updated_at.toISOString(),
})

// ——— the public read, kept in memory ———

/** The answer per edition and language, sanitised once per read (sanitising was most of a render's share). */
const kept = keptReads<PublicSiteBlocks>('site_blocks', () => SITE_BLOCKS_TTL_MS)

/** After a staff write: this process's pages show the blocks at once (their kept copies too). */
export function clearSiteBlocks() {
  kept.clear()
  clearPageReads()
}

/** The active blocks' texts in the request's language (HTML sanitised again), for the site's pages. */
export function publicSiteBlocks(scope: Pick<Scope, 'db' | 'edition' | 'locale'>): Promise<PublicSiteBlocks> {
  return kept.get(scope.db, `${scope.edition.code} ${scope.locale}`, async () => {
    const rows = await scope.db
      .selectFrom('site_blocks')
      .select(COLUMNS)
      .where('edition', '=', scope.edition.code)
      .where('active', '=', true)
      .execute()
    const blocks: PublicSiteBlocks['blocks'] = {}
    for (const r of rows) {
      if (!(SITE_BLOCK_ALIASES as readonly string[]).includes(r.alias)) continue
      const text = textsOf(r.texts)[scope.locale]
      const clean = text && (r.kind === 'html' ? sanitizeRichText(text) : text)
      if (clean) blocks[r.alias as SiteBlockAlias] = clean
    }
    return { blocks }
  })
}

// ——— staff ———

/** POST /admin/units_blocks/index {page} */
export async function listSiteBlocks(scope: Scope, input: { page: number }) {
  const { rows, total } = await pageOf(scope.db.selectFrom('site_blocks').where('edition', '=', scope.edition.code), {
    page: input.page,
    perPage: PAGE,
    rows: (q) => q.select(COLUMNS).orderBy('sort').orderBy('id'),
  })
  return { items: rows.map(answer), total, page: input.page }
}

const readRow = (db: Executor, scope: Scope, { id, lock = false }: { id: number; lock?: boolean }) =>
  readContentRow<Row>(db, scope, { table: 'site_blocks', columns: COLUMNS, id, lock })

/** GET /admin/units_blocks/get?id */
export async function getSiteBlock(scope: Scope, input: { id: number }): Promise<SiteBlock> {
  return answer(await readRow(scope.db, scope, { id: input.id }))
}

/** The stored texts after this input: the given languages replace theirs (empty removes it), others stay. */
function textsAfter(scope: Scope, before: Row, given: Texts): Texts {
  const out: Texts = { ...textsOf(before.texts) }
  const html = before.kind === 'html'
  const max = html ? SITE_BLOCK_LIMITS.html : SITE_BLOCK_LIMITS.text
  const errors: Record<string, string[]> = {}
  for (const [l, v] of Object.entries(given) as [Locale, string][]) {
    if (!scope.edition.locales.includes(l)) {
      errors[`texts.${l}`] = [msg('validation.invalid')]
      continue
    }
    const clean = html ? sanitizeRichText(v) : v.replace(/\s+/g, ' ').trim()
    if (clean.length > max) errors[`texts.${l}`] = [msg('validation.length', { min: 0, max })]
    else if (clean) out[l] = clean
    else delete out[l]
  }
  if (Object.keys(errors).length) throw new FieldErrors(errors)
  return out
}

/** POST /admin/units_blocks/save {id, texts} */
export async function saveSiteBlock(scope: Scope, input: { id: number; texts: Texts }): Promise<SiteBlock> {
  const saved = await scope.db.transaction().execute(async (trx) => {
    const before = await readRow(trx, scope, { id: input.id, lock: true })
    const texts = textsAfter(scope, before, input.texts)
    const row = await trx
      .updateTable('site_blocks')
      .set({ texts: jsonb(texts), updated_at: sql<Date>`now()` })
      .where('id', '=', input.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'site_block.save',
      entity: 'site_block',
      id: row.id,
      data: { alias: row.alias, locales: Object.keys(input.texts) },
    })
    return answer(row)
  })
  clearSiteBlocks()
  return saved
}

/** POST /admin/units_blocks/change_status {id}: active ⇄ inactive (inactive: the site shows its catalog text). */
export async function changeSiteBlockStatus(scope: Scope, input: { id: number }): Promise<SiteBlock> {
  const changed = await toggleActive<Row, SiteBlock>(scope, {
    table: 'site_blocks',
    columns: COLUMNS,
    id: input.id,
    audit: {
      action: 'site_block.change_status',
      entity: 'site_block',
      data: (row) => ({ alias: row.alias, active: row.active }),
    },
    answer,
  })
  clearSiteBlocks()
  return changed
}
