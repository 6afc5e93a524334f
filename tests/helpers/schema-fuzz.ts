// Inputs for a fuzz run, drawn from an operation's JSON Schema (the OpenAPI document's, itself from the
// procedures' zod schemas): values that fit the schema, values near its edges, and hostile values of
// the wrong type. A seeded generator, so a failure names a case that can be replayed.

type Schema = Record<string, unknown>

/** Mulberry32: small, seeded, good enough to spread cases. */
export function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
export type Rnd = ReturnType<typeof seeded>

const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!

const HOSTILE: readonly unknown[] = [
  '',
  ' 1 ',
  '0x1',
  '1e0',
  'null',
  '\u0000',
  'a\u0000b',
  'x'.repeat(5000),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '💥'.repeat(50),
  -1,
  0,
  2147483648,
  9007199254740992,
  1e308,
  -0.5,
  true,
  false,
  null,
  [],
  [1, 'a'],
  {},
  { __proto__: { admin: true } },
  { nested: { deep: [null] } },
]

function resolve(root: Schema, s: Schema): Schema {
  const ref = s.$ref as string | undefined
  if (!ref?.startsWith('#/')) return s
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, k) => (at as Schema)?.[k], root) as Schema
}

function stringFor(rnd: Rnd, s: Schema): string {
  if (s.format === 'email') return pick(rnd, ['ann@example.com', 'not-an-email', 'a@b'])
  if (s.format === 'date-time') return pick(rnd, [new Date().toISOString(), '2024-02-30T25:00:00Z'])
  if (s.format === 'date') return pick(rnd, ['2026-01-15', '2026-13-40'])
  const min = typeof s.minLength === 'number' ? s.minLength : 0
  const max = typeof s.maxLength === 'number' ? s.maxLength : 40
  const len = Math.min(max, Math.max(min, Math.floor(rnd() * 12)))
  const alphabet = 'abcxyzАБВїґńóé019 -_'
  let out = ''
  for (let i = 0; i < len; i++) out += alphabet[Math.floor(rnd() * alphabet.length)]
  return pick(rnd, [out, out, String(1 + Math.floor(rnd() * 50)), 'x'.repeat(Math.max(min, max + 1))])
}

/** A value for the schema: mostly fitting it, sometimes at or over its edges, sometimes hostile. */
export function valueFor(root: Schema, schema: Schema, rnd: Rnd, depth = 0): unknown {
  const s = resolve(root, schema)
  if (depth > 6 || rnd() < 0.08) return pick(rnd, HOSTILE)
  if ('const' in s) return s.const
  if (Array.isArray(s.enum)) return pick(rnd, s.enum)
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(s[key]) && (s[key] as Schema[]).length)
      return valueFor(root, pick(rnd, s[key] as Schema[]), rnd, depth + 1)
  }
  const type = Array.isArray(s.type) ? pick(rnd, s.type as string[]) : (s.type as string | undefined)
  switch (type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>
      const required = new Set((s.required ?? []) as string[])
      const out: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(props))
        if (required.has(k) || rnd() < 0.6) out[k] = valueFor(root, v, rnd, depth + 1)
      if (rnd() < 0.1) out.unexpected_field = 'x'
      return out
    }
    case 'array': {
      const n = Math.floor(rnd() * 3)
      return Array.from({ length: n }, () => valueFor(root, (s.items ?? {}) as Schema, rnd, depth + 1))
    }
    case 'integer': {
      const lo = typeof s.minimum === 'number' ? s.minimum : -5
      const hi = typeof s.maximum === 'number' ? s.maximum : 100
      return pick(rnd, [
        lo,
        hi,
        1,
        Math.floor(lo + rnd() * Math.min(1000, hi - lo + 1)),
        hi + 1,
        String(Math.max(1, lo)),
      ])
    }
    case 'number':
      // Numbers in query strings and bodies are mostly whole (pages, sums): favour them, keep the odd ones.
      return pick(rnd, [0, 1, 2, 5, 50, 1000, 1.5, -2, 99.99, 1e9])
    case 'boolean':
      return pick(rnd, [true, false, 1, 0, 'true'])
    case 'string':
      return stringFor(rnd, s)
    case 'null':
      return null
    default:
      return pick(rnd, [1, 'a', null, {}, ...HOSTILE.slice(0, 3)])
  }
}

/** Query string for a GET: nested values as `a[b]=` (as the server reads them), lists as `a[]=`. */
export function toQuery(params: Record<string, unknown>): string {
  const parts: string[] = []
  const add = (key: string, v: unknown) => {
    if (v === undefined) return
    if (Array.isArray(v)) for (const item of v) add(`${key}[]`, item)
    else if (v && typeof v === 'object') for (const [k, inner] of Object.entries(v)) add(`${key}[${k}]`, inner)
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(v === null ? '' : String(v))}`)
  }
  for (const [k, v] of Object.entries(params)) add(k, v)
  return parts.length ? `?${parts.join('&')}` : ''
}

/** The schema's far edge, every field filled: the largest number it allows, the longest string, the last choice. */
export function edgeFor(root: Schema, schema: Schema, depth = 0): unknown {
  const s = resolve(root, schema)
  if (depth > 6) return null
  if ('const' in s) return s.const
  if (Array.isArray(s.enum)) return s.enum[s.enum.length - 1]
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = s[key] as Schema[] | undefined
    if (Array.isArray(branches) && branches.length) return edgeFor(root, branches[branches.length - 1]!, depth + 1)
  }
  const type = Array.isArray(s.type) ? (s.type as string[])[0] : (s.type as string | undefined)
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries((s.properties ?? {}) as Record<string, Schema>).map(([k, v]) => [
          k,
          edgeFor(root, v, depth + 1),
        ]),
      )
    case 'array':
      return [edgeFor(root, (s.items ?? {}) as Schema, depth + 1)]
    case 'integer':
      return typeof s.maximum === 'number' ? s.maximum : 2147483647
    case 'number':
      return typeof s.maximum === 'number' ? s.maximum : 1e9
    case 'boolean':
      return true
    case 'string':
      return 'ж'.repeat(typeof s.maxLength === 'number' ? s.maxLength : 300)
    default:
      return 'x'
  }
}
