// bun run scripts/repoint-comments.ts [--write] [--all]
// Points code comments at the repository's own documents: references to the product spec, the
// contract, the domain and payment notes kept outside the repository, and to README sections that
// moved into docs/, become `docs/<page>.md#<section>`. Only comment text changes: each file is parsed
// with the TypeScript compiler, the rewrite is limited to its comment ranges (lines it makes longer
// than 120 columns are wrapped), and the code is checked to be token for token the same before
// anything is written.
// Without --write it is a dry run: counts and a sample. Either way it lists the comments that still
// need a person (issue numbers, paths that do not exist, sections not found in docs/); --all prints
// every rewrite instead of a sample.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import ts from 'typescript'

const ROOT = join(import.meta.dir, '..')
const WRITE = process.argv.includes('--write')
const ALL = process.argv.includes('--all')
const SELF = 'scripts/repoint-comments.ts'

// ── Where the sections went ──────────────────────────────────────────────────────────────────────

/** The spec's call catalogue (§7.N) → the section of docs/api.md; [keyword, anchor] picks a finer one. */
const API_SECTIONS: Record<string, { default: string; by?: [RegExp, string][] }> = {
  '7.1': { default: 'admin-orders' },
  '7.2': {
    default: 'admin-tutors',
    by: [[/\b(cit(y|ies)|districts?|subdistricts?|reference)\b/i, 'admin-reference-data']],
  },
  '7.3': { default: 'admin-clients' },
  '7.4': { default: 'admin-staff-accounts-and-session' },
  '7.5': {
    default: 'admin-pages-reviews-videos-vacancies-site-blocks',
    by: [
      [/\b(ads?|blogs?)\b/i, 'admin-ads-and-blogs'],
      [/\bnews/i, 'admin-news'],
      [/\b(tops?|school transfer|transfer)\b/i, 'admin-tops-and-school-transfer'],
      [/\b(e-?mails?|sms)\b/i, 'admin-e-mail-and-sms-templates'],
      [/examination|level test/i, 'admin-level-test-questions'],
    ],
  },
  '7.6': {
    default: 'admin-reference-data',
    by: [
      [/telephony|incom|calls?\b/i, 'admin-telephony'],
      [/merchant|liqpay/i, 'admin-merchants'],
      [/\bseo\b|metatags|core files|h2text/i, 'admin-seo'],
      [/\b(cit(y|ies)|districts?|subdistricts?|lessons?|levels?|reference)\b/i, 'admin-reference-data'],
    ],
  },
  '7.7': {
    default: 'tutor-sign-in-and-account',
    by: [
      [/wallet|payments?\b|\btop\b|cards?\b/i, 'tutor-wallet-payments-top'],
      [/billing|invoice/i, 'tutor-billing-data'],
      [/\b(blog|ads?)\b/i, 'tutor-blog-and-ads'],
      [/\borders?\b|notification|bell/i, 'tutor-orders-and-notifications'],
      [/settings|privacy|rating|affiliate|verif/i, 'tutor-settings-privacy-rating'],
    ],
  },
  '7.8': {
    default: 'public-reads',
    by: [
      [/request|make_/i, 'client-lesson-requests'],
      [/examination|level test/i, 'client-level-test'],
      [/\borders?\b|chats?\b|review/i, 'client-orders-and-chats'],
      [/\bauth\b|sign-?in|oauth|login|settings|subscription|terms/i, 'client-sign-in-and-settings'],
    ],
  },
  '7.9': { default: 'other-public-calls' },
}

/** Numbered sections of the product spec (and the call catalogue's unnumbered ones) → docs/product.md. */
const PRODUCT_SECTIONS: Record<string, string> = {
  '1': '1-what-the-product-does-and-for-whom',
  '2': '2-screens-and-routes',
  '3': '3-entities-and-their-fields',
  '4': '4-states-and-transitions',
  '5': '5-validation-rules',
  '6': '6-roles-and-permissions',
  '7': '7-calls-made-by-the-shell',
  '8': '8-error-catalogue',
  '9': '9-business-constants-and-limits',
}

const CONTRACT_SECTIONS: [RegExp, string][] = [
  [/^payments/i, 'payments'],
  [/^chat/i, 'chat'],
  [/^http/i, 'http-envelope'],
  [/^sign/i, 'sign-in'],
  [/^(static|other public)/i, 'other-public-endpoints'],
  [/^commands/i, 'commands'],
  [/^pages/i, 'pages'],
]

const DOMAIN_SECTIONS: [RegExp, string][] = [
  [/^ranking/i, 'ranking'],
  [/school/i, 'school'],
  [/^reviews/i, 'reviews'],
  [/^editions/i, 'editions'],
  [/^(who pays|our decision|waiting_for_pay|the wallet|no agreement|tutors pay|clients ask)/i, 'who-pays-whom'],
]

/** PAYMENTS.md §N named one provider each; docs/payments.md is searched for a heading naming it. */
const PAYMENT_PROVIDERS: Record<string, string> = {
  '1': 'LiqPay',
  '2': 'Fondy',
  '3': 'Stripe',
  '4': 'Przelewy24',
  '5': 'Revolut',
  '6': 'Solidgate',
  '7': 'local',
}

/** README sections that moved, by their name. */
const README_SECTIONS: [RegExp, string][] = [
  [/^background jobs/i, 'docs/decisions.md#background-jobs'],
  [/^external services/i, 'docs/decisions.md#external-services'],
  [/^order chat/i, 'docs/decisions.md#order-chat'],
  [/^(orders|responsible staff)/i, 'docs/decisions.md#orders'],
  [/^(level test|english level test)/i, 'docs/decisions.md#level-test'],
  [/^staff tools/i, 'docs/decisions.md#accounts'],
  [/^chat benchmark/i, 'docs/benchmarks.md#chat'],
  [/^benchmark/i, 'docs/benchmarks.md'],
  [/^(layout|how to add)/i, 'docs/architecture.md'],
  [/^(tracking|web vitals|developer api)/i, 'docs/decisions.md'],
  [/^decisions/i, 'docs/decisions.md'],
]

/** Files that comments name under a path they never had or no longer have. */
const MOVED_FILES: Record<string, string> = {
  'server/routers/tutor/account.schema.ts': 'common/schemas/tutor/account.schema.ts',
  'server/routers/tutor/prices.schema.ts': 'common/schemas/tutor/prices.schema.ts',
  'server/routers/auth/sign-in.schema.ts': 'common/schemas/auth/sign-in.schema.ts',
  'server/domain/orders/status.ts': 'common/order-status.ts',
  'i18n/index.ts': 'i18n/format.ts',
}

// ── The anchors docs/ really has ─────────────────────────────────────────────────────────────────

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-')
}

const headings = new Map<string, Map<string, string>>()
function headingsOf(doc: string): Map<string, string> {
  let found = headings.get(doc)
  if (!found) {
    found = new Map()
    const file = join(ROOT, doc)
    if (existsSync(file)) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '')
      for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) found.set(slug(m[1]!), m[1]!)
    }
    headings.set(doc, found)
  }
  return found
}

const missingAnchors = new Map<string, number>()
/** `doc#anchor` when docs/ has that heading (or the page is not written yet); the page alone otherwise. */
function link(doc: string, anchor?: string): string {
  if (!anchor) return doc
  const known = headingsOf(doc)
  if (known.size && !known.has(anchor)) {
    const key = `${doc}#${anchor}`
    missingAnchors.set(key, (missingAnchors.get(key) ?? 0) + 1)
    return doc
  }
  return `${doc}#${anchor}`
}

function paymentsAnchor(section: string): string | undefined {
  const provider = PAYMENT_PROVIDERS[section]
  if (!provider) return undefined
  for (const [anchor, title] of headingsOf('docs/payments.md')) {
    if (title.toLowerCase().includes(provider.toLowerCase())) return anchor
  }
  return undefined
}

/** The finer section a keyword names: first in the words right after the §, else first in the whole comment. */
function apiAnchor(section: string, near: string, comment: string): string | undefined {
  if (section === '7') return 'calls'
  const s = API_SECTIONS[section]
  if (!s) return undefined
  for (const context of [near, comment]) {
    let best: { at: number; anchor: string } | undefined
    for (const [test, anchor] of s.by ?? []) {
      const at = context.search(test)
      if (at >= 0 && (!best || at < best.at)) best = { at, anchor }
    }
    if (best) return best.anchor
  }
  return s.default
}

/** The words right after a §: up to the next §, semicolon or closing parenthesis. */
const nearOf = (all: string, offset: number) =>
  all
    .slice(offset + 1)
    .split(/[§;)]/)[0]!
    .slice(0, 80)

// ── Rewriting one comment ────────────────────────────────────────────────────────────────────────

type Kind = 'api-calls' | 'product' | 'spec §' | 'contract' | 'domain' | 'payments' | 'architecture' | 'readme' | 'path'

const PREFIX = '(?:(?:/work/)?shared/)?'
const SECTION = String.raw`(?:\s*§\s*(\d+(?:\.\d+)?))?`
const QUOTED = String.raw`(?:,?\s*"([^"\n]+)")?`

function rewrite(comment: string): { text: string; kinds: Kind[] } {
  const kinds: Kind[] = []
  let text = comment
  let lastDoc = ''
  const docFor = (section: string) => (section.includes('.') ? 'docs/api.md' : 'docs/product.md')
  const sectionLink = (section: string, near: string, api = false) =>
    section.includes('.') || (api && section === '7')
      ? link('docs/api.md', apiAnchor(section, near, comment))
      : link('docs/product.md', PRODUCT_SECTIONS[section])

  for (const [from, to] of Object.entries(MOVED_FILES)) {
    if (text.includes(from)) {
      text = text.split(from).join(to)
      kinds.push('path')
    }
  }

  // The call catalogue and the product spec, with an optional §N and what follows it.
  text = text.replace(
    new RegExp(String.raw`${PREFIX}(?:spec/)?(api-calls|product)(?:\.md|(?= §))${SECTION}`, 'g'),
    (_m: string, file: string, section: string | undefined, offset: number, all: string) => {
      kinds.push(file === 'api-calls' ? 'api-calls' : 'product')
      const api = file === 'api-calls'
      if (!section) {
        lastDoc = api ? 'docs/api.md' : 'docs/product.md'
        return lastDoc
      }
      lastDoc = api && section === '7' ? 'docs/api.md' : docFor(section)
      return sectionLink(section, nearOf(all, offset + _m.indexOf('§')), api)
    },
  )
  // "spec §N" without a file.
  text = text.replace(
    /\b([Ss])pec(?:'s)? §\s*(\d+(?:\.\d+)?)/g,
    (m, _s, section: string, offset: number, all: string) => {
      kinds.push('spec §')
      lastDoc = docFor(section)
      return sectionLink(section, nearOf(all, offset + m.indexOf('§')))
    },
  )
  text = text.replace(
    new RegExp(String.raw`${PREFIX}CONTRACT(?:\.md|(?=\s*"|:))${QUOTED}`, 'g'),
    (_m, name: string | undefined) => {
      kinds.push('contract')
      const anchor = name ? CONTRACT_SECTIONS.find(([t]) => t.test(name))?.[1] : undefined
      return link('docs/contract.md', anchor) + (name && !anchor ? ` "${name}"` : '')
    },
  )
  text = text.replace(new RegExp(String.raw`${PREFIX}DOMAIN\.md${QUOTED}`, 'g'), (_m, name: string | undefined) => {
    kinds.push('domain')
    const anchor = name ? DOMAIN_SECTIONS.find(([t]) => t.test(name))?.[1] : undefined
    return link('docs/domain.md', anchor) + (name && !anchor ? ` "${name}"` : '')
  })
  text = text.replace(new RegExp(String.raw`${PREFIX}PAYMENTS\.md${SECTION}`, 'g'), (_m, section?: string) => {
    kinds.push('payments')
    return link('docs/payments.md', section ? paymentsAnchor(section.split('.')[0]!) : undefined)
  })
  text = text.replace(new RegExp(String.raw`${PREFIX}(?:ARCHITECTURE|STACK-NOTES)\.md`, 'g'), () => {
    kinds.push('architecture')
    return 'docs/architecture.md'
  })
  // The old README's sections; a README in a folder (client/ui/README.md) is a file that exists.
  text = text.replace(
    /(?<![\w/.])README(?:\.md)?(?:'s)?(?:,?\s*"([^"\n]+)"?|,?\s+(Decisions|Orders|Staff tools|Order chat)\b|(?=[\s);,.'"]|$))/g,
    (_m, quoted: string | undefined, bare: string | undefined) => {
      kinds.push('readme')
      const name = quoted ?? bare
      const target = (name && README_SECTIONS.find(([t]) => t.test(name))?.[1]) || 'docs/decisions.md'
      // The order machine's table moved to the domain page.
      if (/^docs\/decisions\.md(#orders)?$/.test(target) && /\b(status(es)?|machine|table)\b/i.test(comment)) {
        return 'docs/domain.md#order-states'
      }
      return target
    },
  )
  // A bare §N (often on the next line of a // comment that named the spec): §7.N are calls, the others
  // the product spec's sections; written short when the last page named in this comment is that one.
  text = text.replace(/(?<![\w.#])§\s*(\d+(?:\.\d+)?)/g, (_m, section: string, offset: number, all: string) => {
    kinds.push('spec §')
    const doc = docFor(section)
    const full = sectionLink(section, nearOf(all, offset))
    const short = doc === lastDoc && full.startsWith(`${doc}#`) ? full.slice(doc.length) : full
    lastDoc = doc
    return short
  })
  return { text, kinds }
}

// ── Comments of a file ──────────────────────────────────────────────────────────────────────────

interface Range {
  pos: number
  end: number
}

const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
])

/** Every comment's range, in order; never one inside a string, template, regular expression or JSX text. */
function commentsOf(file: string, text: string): Range[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : extname(file) === '.ts' ? ts.ScriptKind.TS : ts.ScriptKind.JS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const found = new Map<number, number>()
  const literals: Range[] = []
  const visit = (node: ts.Node) => {
    if (isJsDoc(node)) return
    if (LITERALS.has(node.kind)) literals.push({ pos: node.getStart(source), end: node.end })
    else {
      for (const r of ts.getLeadingCommentRanges(text, node.pos) ?? []) found.set(r.pos, r.end)
      for (const r of ts.getTrailingCommentRanges(text, node.end) ?? []) found.set(r.pos, r.end)
    }
    for (const child of node.getChildren(source)) visit(child)
  }
  visit(source)
  const sorted = [...found]
    .map(([pos, end]) => ({ pos, end }))
    .filter((c) => !literals.some((l) => c.pos < l.end && c.end > l.pos))
    .sort((a, b) => a.pos - b.pos || b.end - a.end)
  // A range inside another is not a comment of its own.
  return sorted.filter((c, i) => !sorted.slice(0, i).some((o) => c.pos < o.end))
}

/** JSDoc nodes are the parsed text of a comment, not code. */
const isJsDoc = (node: ts.Node) => node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode

/** The file's code as its tokens (kind and text), comments and whitespace aside: what must not change. */
function tokensOf(file: string, text: string): string {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : extname(file) === '.ts' ? ts.ScriptKind.TS : ts.ScriptKind.JS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const out: string[] = []
  const visit = (node: ts.Node) => {
    if (isJsDoc(node)) return
    const children = node.getChildren(source)
    if (!children.length) out.push(`${node.kind}:${node.getText(source)}`)
    for (const child of children) visit(child)
  }
  visit(source)
  return out.join('\n')
}

const WIDTH = 120
const COMMENT_LINE = /^(\s*)(\/\/|\/\*\*|\/\*|\*(?!\/))( ?)/

/**
 * Lines the rewrite made longer than the tree's 120 columns are wrapped: the words past the width move
 * to the start of the next line when it continues the same comment, else onto a new comment line.
 */
function wrap(text: string, touched: Set<number>): string {
  const lines = text.split('\n')
  const queue = [...touched].sort((a, b) => a - b)
  for (let q = 0; q < queue.length; q++) {
    let i = queue[q]!
    while (lines[i]!.length > WIDTH) {
      const m = COMMENT_LINE.exec(lines[i]!)
      if (!m) break
      const [, indent, mark] = m
      const cont = mark === '//' ? `${indent}// ` : `${indent}${mark!.startsWith('/') ? ' ' : ''}* `
      const space = lines[i]!.lastIndexOf(' ', WIDTH)
      if (space <= m[0].length) break
      const tail = lines[i]!.slice(space + 1)
      lines[i] = lines[i]!.slice(0, space)
      const next = lines[i + 1]
      const continues =
        next?.startsWith(cont) === true &&
        next.trim() !== '*/' &&
        next.slice(cont.length).trim() !== '' &&
        !/^[-*@•]|^\d+\./.test(next.slice(cont.length))
      if (continues) lines[i + 1] = `${cont}${tail} ${next!.slice(cont.length)}`
      else lines.splice(i + 1, 0, `${cont}${tail}`)
      if (!continues) for (let r = q + 1; r < queue.length; r++) queue[r]!++
      i++
    }
  }
  return lines.join('\n')
}

const lineOf = (text: string, pos: number) => text.slice(0, pos).split('\n').length

// ── Run ──────────────────────────────────────────────────────────────────────────────────────────

const listed = Bun.spawnSync(['git', 'ls-files', '*.ts', '*.tsx', '*.js', '*.cjs', '*.mjs'], { cwd: ROOT })
const files = listed.stdout
  .toString()
  .split('\n')
  .filter((f) => f && f !== SELF && !f.startsWith('docs/') && !f.startsWith('node_modules/'))
const tracked = new Set(Bun.spawnSync(['git', 'ls-files'], { cwd: ROOT }).stdout.toString().split('\n').filter(Boolean))

const counts = new Map<Kind, number>()
const changes: { file: string; line: number; before: string; after: string }[] = []
const issues: string[] = []
const missingPaths: string[] = []
const leftover: string[] = []
const OUTSIDE = /spec\/|api-calls|\bCONTRACT\b|DOMAIN\.md|PAYMENTS\.md|ARCHITECTURE|STACK-NOTES|shared\/[A-Z]|§/
let filesChanged = 0
const rewritten: { file: string; text: string }[] = []

for (const file of files) {
  const text = readFileSync(join(ROOT, file), 'utf8')
  const comments = commentsOf(file, text)
  let out = ''
  let at = 0
  const touched = new Set<number>()
  for (const c of comments) {
    const before = text.slice(c.pos, c.end)
    const { text: after, kinds } = rewrite(before)
    out += text.slice(at, c.pos)
    if (after !== before) {
      const first = out.split('\n').length - 1
      const count = after.split('\n').length
      for (let i = 0; i < count; i++) touched.add(first + i)
    }
    out += after
    at = c.end
    for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1)
    if (after !== before) changes.push({ file, line: lineOf(text, c.pos), before, after })
    after.split('\n').forEach((l, i) => {
      const where = `${file}:${lineOf(text, c.pos) + i}`
      if (/\b[Ii]ssues? #?\d+/.test(l)) issues.push(`${where}: ${l.trim()}`)
      if (OUTSIDE.test(l)) leftover.push(`${where}: ${l.trim()}`)
      for (const m of l.matchAll(
        /(?<![\w./-])((?:server|client|common|db|tests|scripts|i18n|bench)\/[\w./-]+\.(?:tsx?|cjs|json|md))/g,
      )) {
        if (!tracked.has(m[1]!)) missingPaths.push(`${where}: ${m[1]}`)
      }
    })
  }
  out += text.slice(at)
  if (out === text) continue
  out = wrap(out, touched)
  // Only comment text may differ: the code is the same token for token.
  if (tokensOf(file, out) !== tokensOf(file, text)) {
    throw new Error(`${file}: a rewrite would change more than comment text; nothing written`)
  }
  filesChanged++
  rewritten.push({ file, text: out })
}
// Written only when every file passed the check.
if (WRITE) for (const r of rewritten) writeFileSync(join(ROOT, r.file), r.text)

const total = [...counts.values()].reduce((a, b) => a + b, 0)
console.log(
  `${WRITE ? 'rewrote' : 'would rewrite (dry run; --write to apply)'}: ${changes.length} comments in ${filesChanged} files, ${total} references`,
)
console.log(`  by kind: ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}`)
const sample = ALL ? changes : changes.filter((_, i) => i % Math.max(1, Math.floor(changes.length / 12)) === 0)
console.log(`\n${ALL ? 'every rewrite' : 'a sample'}:`)
for (const c of sample) {
  const b = c.before.split('\n')
  const a = c.after.split('\n')
  console.log(`  ${c.file}:${c.line}`)
  b.forEach((l, i) => {
    if (l !== a[i]) console.log(`    - ${l.trim()}\n    + ${a[i]?.trim()}`)
  })
}
if (missingAnchors.size) {
  console.log(`\nsections not found in docs/ (the page alone is named): ${[...missingAnchors.keys()].join(', ')}`)
}
console.log(`\nreferences outside the repository left as they were (reword by hand): ${leftover.length}`)
for (const l of leftover) console.log(`  ${l}`)
console.log(`\ncomments naming a file that does not exist: ${missingPaths.length}`)
for (const p of missingPaths) console.log(`  ${p}`)
console.log(`\ncomments saying "issue N" (reword by hand): ${issues.length}`)
for (const i of issues) console.log(`  ${i}`)
