// zod only: site blocks (the panel page units_blocks — the spec names the page and nothing
// more, so the calls are ours: /admin/units_blocks/index|get|save|change_status). A block is one named text
// of the public site per edition (the main page's heading and description, the footer's rights line and
// notice) with its text per language; `kind` html is sanitised on save and on every public read.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { EDITION_CODES, LOCALES } from '../../editions'
import { zId, zJsonText, zPage } from '../../validators'
import { zPaged } from '../answer-parts'

const invalid = msg('validation.invalid')

/** The blocks the site reads (their rows come with migration 0043 for every edition). */
export const SITE_BLOCK_ALIASES = ['home_heading', 'home_description', 'footer_rights', 'footer_notice'] as const
export type SiteBlockAlias = (typeof SITE_BLOCK_ALIASES)[number]
export const SITE_BLOCK_LIMITS = { text: 500, html: 5000 } as const

const zText = z
  .string({ error: invalid })
  .max(SITE_BLOCK_LIMITS.html, msg('validation.length', { min: 0, max: SITE_BLOCK_LIMITS.html }))
  .refine((v) => !v.includes('\u0000'), invalid)

/** POST /admin/units_blocks/index {page} */
export const ZSiteBlockList = z.object({ page: zPage })
/** GET /admin/units_blocks/get?id, POST /admin/units_blocks/change_status {id} */
export const ZSiteBlockId = z.object({ id: zId })
/** The editor's fields: the text per language (a language left out keeps its text; empty clears it). */
export const ZSiteBlockFields = z.object({
  texts: zJsonText(z.partialRecord(z.enum(LOCALES, { error: invalid }), zText)),
})
/** POST /admin/units_blocks/save {id, texts: {locale: text} or its JSON text} */
export const ZSiteBlockSave = ZSiteBlockFields.extend({ id: zId })

const zTexts = z.partialRecord(z.enum(LOCALES), z.string())

export const ZSiteBlock = z.strictObject({
  id: z.number(),
  edition: z.enum(EDITION_CODES),
  alias: z.string(),
  kind: z.enum(['text', 'html']),
  texts: zTexts,
  active: z.boolean(),
  updated_at: z.string(),
})
export type SiteBlock = z.infer<typeof ZSiteBlock>
export const ZSiteBlockListAnswer = zPaged(ZSiteBlock)

/** The public read (tRPC only, rendered with every page): the active blocks' texts in the request's language. */
export const ZPublicSiteBlocks = z.strictObject({ blocks: z.partialRecord(z.enum(SITE_BLOCK_ALIASES), z.string()) })
export type PublicSiteBlocks = z.infer<typeof ZPublicSiteBlocks>
