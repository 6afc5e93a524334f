// bun run scripts/docs-api.ts [--check] — rewrites the call tables of docs/api.md (between its
// `api:start` / `api:end` markers) from the OpenAPI document, which is built from the REST table and
// each procedure's own zod schemas and access. `--check` exits 1 when the file is out of date.
import { openApiDocument } from '../server/openapi/document'

type Json = Record<string, unknown>
interface Row {
  method: string
  path: string
  takes: string
  answers: string
  who: string
}

const PROVIDERS = ['fondy', 'liqpay', 'local', 'przelewy', 'revolut', 'solidgate', 'stripe']

/** [heading, path test]: the first match wins; headings are the stable anchors comments point at. */
const SECTIONS: [string, RegExp][] = [
  [
    'Admin: orders',
    /^\/admin\/(order\/|orders$|count_orders_statuses|get_file_excel_export_orders|resources\/order_rules)/,
  ],
  ['Admin: tutors', /^\/admin\/(tutor\/|tutors$|resources\/tutor)/],
  ['Admin: clients', /^\/admin\/(client\/|clients$)/],
  [
    'Admin: staff accounts and session',
    /^\/admin\/(create|get|save|delete|admins|admin\/avatar|change_checkout|login|logout|authorize|oauth|desktop|on_site_notifications?|system|settings)(\/|$)/,
  ],
  ['Admin: ads and blogs', /^\/admin\/(ad|ads|blog|blogs)(\/|$)/],
  ['Admin: news', /^\/admin\/(news|news_one|news_category|news_categories|resources\/news_\w+)(\/|$)/],
  [
    'Admin: pages, reviews, videos, vacancies, site blocks',
    /^\/admin\/(resources\/static_page_rules|static_pages|site_review|site_reviews|video|videos|vacancy|vacancies|units_blocks)(\/|$)/,
  ],
  ['Admin: tops and school transfer', /^\/admin\/(top|tops|lesson_school_transfer_settings?)(\/|$)/],
  ['Admin: e-mail and SMS templates', /^\/admin\/(email|sms|smslist)(\/|$)/],
  ['Admin: level test questions', /^\/admin\/examination_question/],
  ['Admin: SEO', /^\/admin\/seo\//],
  ['Admin: telephony', /^\/admin\/(telephony|income|call)\/|^\/api\/telephony\//],
  ['Admin: merchants', /^\/admin\/liqpay_merchants?\//],
  [
    'Admin: reference data',
    /^\/admin\/(city|district|subdistrict|lesson|level|cities|districts|subdistricts|lessons|levels)(\/|$)/,
  ],
  ['Tutor: sign-in and account', /^\/tutor\/(register|login|logout|auth|oauth|email|terms|profile|resources\/tutor)/],
  ['Tutor: orders and notifications', /^\/tutor\/(order|orders|on_site_notifications)(\/|$)/],
  ['Tutor: blog and ads', /^\/tutor\/(blog|blogs|ad|ads|resources)(\/|$)/],
  ['Tutor: billing data', /^\/tutor\/billing_data\//],
  ['Tutor: wallet, payments, top', /^\/tutor\/(wallet|payments|top)\/|^\/api\/payments\//],
  ['Tutor: settings, privacy, rating', /^\/tutor\/(settings|privacy|rating|affiliate|examination_test)(\/|$)/],
  ['Client: sign-in and settings', /^\/client\/(auth|oauth|settings|additional_email_subscription|terms|profile)\//],
  ['Client: orders and chats', /^\/client\/(order|orders)(\/|$)/],
  ['Client: lesson requests', /^\/client\/make_/],
  ['Client: level test', /^\/client\/examination_tests?(\/|$)/],
  ['Public reads', /^\/client\//],
  ['Other public calls', /./],
]

const doc = openApiDocument() as { paths: Record<string, Record<string, Json>>; components?: { schemas?: Json } }
const schemas = (doc.components?.schemas ?? {}) as Record<string, Json>

function deref(s: unknown): Json | undefined {
  const o = s as Json | undefined
  if (o && typeof o.$ref === 'string') return deref(schemas[o.$ref.split('/').pop() ?? ''])
  return o
}

/** The top-level fields of a schema, `?` after the optional ones; long lists end in `…`. */
function fields(schema: unknown, max = 8): string {
  const s = deref(schema)
  if (!s) return '—'
  const alts = (s.anyOf ?? s.oneOf) as unknown[] | undefined
  if (alts) {
    const obj = alts.map(deref).find((a) => a?.properties)
    return obj ? fields(obj, max) : String(s.type ?? '—')
  }
  if (Array.isArray(s.allOf)) return s.allOf.map((x) => fields(x, max)).join(', ')
  if (s.type === 'array') return `[${fields(s.items, max)}]`
  if (!s.properties) return String(s.type ?? '—')
  const required = new Set((s.required as string[] | undefined) ?? [])
  const names = Object.keys(s.properties as Json).map((k) => (required.has(k) ? k : `${k}?`))
  return names.length > max ? `${names.slice(0, max).join(', ')}, …` : names.join(', ')
}

function who(access: Json | undefined): string {
  if (!access) return '?'
  if (access.kind === 'staff') return `staff \`${access.area}\``
  // A record's file: its parties (checked by the service) and staff of the area.
  if (access.kind === 'party_or_staff') return `parties, staff \`${access.area}\``
  return String(access.kind)
}

function rowOf(method: string, path: string, op: Json): Row {
  const params = ((op.parameters as Json[] | undefined) ?? []).map((p) => (p.required ? p.name : `${p.name}?`))
  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined
  const takes = body?.['application/json'] ? fields(body['application/json'].schema) : params.join(', ') || '—'
  const ok = ((op.responses as Json)?.['200'] as Json | undefined)?.content as Record<string, Json> | undefined
  let answers = '—'
  const envelope = deref(ok?.['application/json']?.schema)
  const data = envelope?.properties ? (envelope.properties as Json).data : undefined
  if (data) answers = fields(data)
  else if (ok) answers = `not the envelope (${Object.keys(ok)[0]})`
  return { method: method.toUpperCase(), path, takes, answers, who: who(op['x-access'] as Json | undefined) }
}

/** One row for the seven providers' copies of a path, written `{provider}`. */
function foldProviders(rows: Row[]): Row[] {
  const out: Row[] = []
  const seen = new Set<string>()
  for (const r of rows) {
    const folded = r.path.replace(new RegExp(`/(${PROVIDERS.join('|')})(/|$)`), '/{provider}$2')
    if (folded !== r.path && !/\/local\/(page|press)$/.test(r.path)) {
      const key = `${r.method} ${folded}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push({ ...r, path: folded })
    } else out.push(r)
  }
  return out
}

const rows: Row[] = []
for (const [path, ops] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(ops)) rows.push(rowOf(method, path, op))
}

const cell = (text: string) => text.replace(/\|/g, '\\|')
let body = ''
for (const [heading, test] of SECTIONS) {
  const mine = foldProviders(rows.filter((r) => SECTIONS.find(([, t]) => t.test(r.path))?.[1] === test))
  if (!mine.length) continue
  mine.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
  body += `\n### ${heading}\n\n| call | takes | answers \`data\` | who |\n|---|---|---|---|\n`
  for (const r of mine) {
    body += `| \`${r.method} ${r.path}\` | ${cell(r.takes)} | ${cell(r.answers)} | ${r.who} |\n`
  }
}

const file = new URL('../docs/api.md', import.meta.url).pathname
const text = await Bun.file(file).text()
const start = '<!-- api:start -->'
const end = '<!-- api:end -->'
const a = text.indexOf(start)
const b = text.indexOf(end)
if (a < 0 || b < a) throw new Error(`docs/api.md: the ${start} … ${end} markers are missing`)
const next = `${text.slice(0, a + start.length)}\n${body}\n${text.slice(b)}`
if (process.argv.includes('--check')) {
  if (next !== text) {
    console.error('docs/api.md is out of date: run bun run scripts/docs-api.ts')
    process.exit(1)
  }
} else {
  await Bun.write(file, next)
  console.log(`docs/api.md: ${rows.length} paths`)
}
