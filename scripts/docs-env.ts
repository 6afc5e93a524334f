// bun run scripts/docs-env.ts [--check] — rewrites the environment table of docs/deploy.md (between its
// `env:start` / `env:end` markers) from server/env.ts: the names, kinds and defaults from its zod
// schema, each description from the comment written above the setting (or above its group) there.
// `--check` exits 1 when the file is out of date.
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { z } from 'zod'
import { ZEnv } from '../server/env'

const root = resolve(import.meta.dir, '..')
const DOC = resolve(root, 'docs/deploy.md')
const SOURCE = readFileSync(resolve(root, 'server/env.ts'), 'utf8')

/** The comment block above each setting in server/env.ts; a setting under a group's comment shares it. */
function commentsBySetting(): Map<string, string> {
  const out = new Map<string, string>()
  let block: string[] = []
  // The comment of the group the next one-line setting belongs to ('' after a blank line or a setting
  // written over several lines, which ends the group).
  let group = ''
  for (const line of SOURCE.split('\n')) {
    const comment = /^\s{4}\/\/ ?(.*)$/.exec(line)
    if (comment) {
      block.push(comment[1]!)
      continue
    }
    const key = /^\s{4}([A-Z][A-Z0-9_]+):(.*)$/.exec(line)
    if (key) {
      const about = block.length ? block.join(' ') : group
      block = []
      if (about) out.set(key[1]!, about)
      group = key[2]!.trim().endsWith(',') ? about : ''
      continue
    }
    block = []
    group = ''
  }
  return out
}

type Def = { type: string; [k: string]: unknown }
const defOf = (s: unknown) => (s as { def: Def }).def

/** What a value may be, and its default, read from the zod schema of one setting. */
function kindOf(schema: unknown): { kind: string; fallback?: string; required: boolean } {
  let s = schema
  let fallback: string | undefined
  let required = true
  for (;;) {
    const d = defOf(s)
    if (d.type === 'default') {
      const v = d.defaultValue
      fallback = typeof v === 'function' ? String((v as () => unknown)()) : JSON.stringify(v)
      required = false
      s = d.innerType
    } else if (d.type === 'optional') {
      required = false
      s = d.innerType
    } else if (d.type === 'pipe') s = d.in
    else break
  }
  const d = defOf(s)
  const kind =
    d.type === 'enum'
      ? Object.values(d.entries as Record<string, string>).join(' \\| ')
      : d.type === 'union'
        ? (d.options as unknown[]).map((o) => kindOf(o).kind).join(' \\| ')
        : d.type === 'literal'
          ? (d.values as unknown[]).join(' \\| ')
          : d.type
  return { kind, fallback: fallback?.replace(/^"(.*)"$/, '$1'), required }
}

export function envTable(): string {
  const comments = commentsBySetting()
  const shape = (ZEnv as unknown as z.ZodObject).shape as Record<string, unknown>
  const rows = Object.keys(shape).map((name) => {
    const { kind, fallback } = kindOf(shape[name])
    const about =
      comments.get(name) ??
      (name.startsWith('PAY_')
        ? 'A payment provider setting: which providers need which keys, the webhook URL to register and the currencies: [payments.md](payments.md).'
        : '')
    const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ')
    return `| \`${name}\` | ${kind} | ${fallback === undefined || fallback === '' ? '—' : `\`${cell(fallback)}\``} | ${cell(about).replaceAll('\\\\|', '\\|')} |`
  })
  return ['| setting | value | default | what it does |', '|---|---|---|---|', ...rows].join('\n')
}

if (import.meta.main) {
  const doc = readFileSync(DOC, 'utf8')
  const start = '<!-- env:start -->'
  const end = '<!-- env:end -->'
  const a = doc.indexOf(start)
  const b = doc.indexOf(end)
  if (a < 0 || b < a) throw new Error(`docs/deploy.md needs the ${start} and ${end} markers`)
  const next = `${doc.slice(0, a + start.length)}\n${envTable()}\n${doc.slice(b)}`
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      console.error('docs/deploy.md: the environment table is out of date; run bun run scripts/docs-env.ts')
      process.exit(1)
    }
  } else writeFileSync(DOC, next)
}
