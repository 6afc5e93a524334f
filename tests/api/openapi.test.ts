// The developer API's description: GET /openapi.json is OpenAPI 3.1 covering every
// documented REST path with its method, parameters, envelope, errors and who may call it; a maintained
// linter (@redocly/openapi-core, "recommended" rules) finds nothing; /docs/api renders it; and a fuzz
// run over every operation of the document, with inputs drawn from its own schemas, gets no 5xx.
import { describe, expect, test } from 'bun:test'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { routes } from '../../server/rest/routes'
import { Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { edgeFor, seeded, toQuery, valueFor } from '../helpers/schema-fuzz'

const app = useTestApp()

type Json = Record<string, unknown>
interface Operation {
  operationId: string
  security: Json[]
  'x-access': { kind: string; area?: string }
  parameters?: { name: string; in: string; required: boolean; schema: Json }[]
  requestBody?: { content: Record<string, { schema: Json }> }
  responses: Record<string, Json>
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: Json }

async function fetchDoc(): Promise<{ doc: Doc; text: string }> {
  const res = await new Client(app.url).request('GET', '/openapi.json')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('application/json')
  return { doc: res.json as Doc, text: res.text }
}

describe('/openapi.json', () => {
  test('OpenAPI 3.1 with every documented path and method of the REST table', async () => {
    const { doc } = await fetchDoc()
    expect(doc.openapi).toBe('3.1.0')
    for (const r of routes) {
      const item = doc.paths[r.path]
      expect(item, r.path).toBeDefined()
      const methods = r.method === 'ANY' ? ['get', 'post'] : [r.method.toLowerCase()]
      for (const m of methods) expect(item![m], `${r.method} ${r.path}`).toBeDefined()
    }
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item))
    const ids = operations.map((o) => o.operationId)
    expect(new Set(ids).size).toBe(ids.length)
  })

  test('each operation says who may call it, its parameters and the contract envelope', async () => {
    const { doc } = await fetchDoc()
    // Staff, with the area that decides which statuses may call it.
    const news = doc.paths['/admin/news_one/get']!.get!
    expect(news['x-access']).toEqual({ kind: 'staff', area: 'news' })
    expect(news.security).toEqual([{ session: [] }])
    expect(news.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' })
    expect(news.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' })
    expect(news.parameters?.map((p) => p.name)).toContain('id')
    // Public: no session needed, no 401/403.
    const tutor = doc.paths['/client/tutor/get']!.get!
    expect(tutor['x-access']).toEqual({ kind: 'public' })
    expect(tutor.responses['401']).toBeUndefined()
    const success = tutor.responses['200'] as { content: { 'application/json': { schema: { properties: Json } } } }
    expect(success.content['application/json'].schema.properties.status).toEqual({ const: 'success' })
    // A POST takes its input as JSON, urlencoded or multipart, from one schema.
    const login = doc.paths['/admin/login']!.post!
    expect(Object.keys(login.requestBody!.content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ])
    const ref = login.requestBody!.content['application/json']!.schema.$ref as string
    const schema = (doc.components.schemas as Json)[ref.split('/').pop()!] as { properties: Json; required: string[] }
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['email', 'password']))
    // The 422 answer is the field-errors object; the 500 one never more than server_error.
    expect(login.responses['422']).toEqual({ $ref: '#/components/responses/Invalid' })
    expect((doc.components.schemas as Json).ServerError).toMatchObject({
      properties: { error: { const: 'server_error' } },
    })
    // A route that sets a field itself (the tutor's order categories) does not ask for it.
    const newOrders = doc.paths['/tutor/orders/new']!.get!
    expect(newOrders.parameters?.map((p) => p.name) ?? []).not.toContain('category')
  })

  test('the OpenAPI linter (Redocly, recommended rules) reports no error and no warning', async () => {
    const { text } = await fetchDoc()
    const config = await createConfig({ extends: ['recommended'] } as never)
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config })
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([])
  })
})

test('/docs/api renders every operation of the document', async () => {
  const { doc } = await fetchDoc()
  const res = await new Client(app.url).request('GET', '/docs/api')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/html')
  const count = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0)
  expect(res.text.match(/<section class="op"/g)?.length).toBe(count)
  expect(res.text).toContain('<code>/admin/login</code>')
  expect(res.text).toContain('Staff whose status opens the area <code>news</code>: status 1, 3, 4.')
  expect(res.text).not.toContain('<script')
})

// ---- Fuzz: every operation, inputs from its own schema, as the role it is for and as nobody -------

/** Calls that end the fuzzing session itself (they are exercised by their own tests). */
const SESSION_ENDING = /\/(logout|delete_profile|profile\/delete|password\/set|password\/reset|auth\/role\/set)$/

describe('fuzz over the document', () => {
  const CASES = Number(process.env.FUZZ_CASES ?? 3)
  test(`every operation × its edge and ${CASES} drawn inputs as its role, and as nobody: no 5xx, always the envelope`, async () => {
    const { doc } = await fetchDoc()
    const rnd = seeded(Number(process.env.FUZZ_SEED ?? 20261125))
    const sessions: Record<string, () => Promise<Client>> = {
      admin: async () => signedIn(app, { staff: (await makeStaff(app, 1)).email }),
      tutor: async () => signedIn(app, { tutor: (await makePerson(app, { tutor: true })).email }),
      client: async () => signedIn(app, { client: (await makePerson(app, { client: true })).email }),
    }
    const signed: Record<string, Client> = {}
    const as = async (role: string) => (signed[role] ??= await sessions[role]!())
    const rawPaths = new Set(routes.filter((r) => r.raw).map((r) => r.path))
    const failures: string[] = []
    let requests = 0
    let resignIns = 0
    const byStatus: Record<number, number> = {}

    const call = async (c: Client, method: string, path: string, input: Json, label: string) => {
      requests++
      const res =
        method === 'get'
          ? await c.request('GET', path + toQuery(input))
          : await c.request('POST', path, { json: input })
      byStatus[res.status] = (byStatus[res.status] ?? 0) + 1
      const json = res.json as { status?: string } | null
      const enveloped = rawPaths.has(path) || (json && (json.status === 'success' || json.status === 'fail'))
      if (res.status >= 500 || !enveloped)
        failures.push(
          `${label} ${method.toUpperCase()} ${path} → ${res.status} ${res.text.slice(0, 160)} input=${JSON.stringify(input).slice(0, 300)}`,
        )
      return res.status
    }

    for (const [path, item] of Object.entries(doc.paths)) {
      const role = path.split('/')[1]!
      for (const [method, op] of Object.entries(item)) {
        // As nobody: the empty call.
        await call(new Client(app.url), method, path, {}, 'anonymous')
        const who = role in sessions ? role : 'client'
        if (SESSION_ENDING.test(path)) continue
        const schema: Json =
          method === 'get'
            ? {
                type: 'object',
                properties: Object.fromEntries((op.parameters ?? []).map((p) => [p.name, p.schema])),
                required: (op.parameters ?? []).filter((p) => p.required).map((p) => p.name),
              }
            : (op.requestBody?.content['application/json']?.schema ?? { type: 'object' })
        // The schema's far edge first, then drawn cases.
        for (let i = 0; i <= CASES; i++) {
          const drawn =
            i === 0 ? edgeFor(doc as unknown as Json, schema) : valueFor(doc as unknown as Json, schema, rnd)
          const input = drawn && typeof drawn === 'object' && !Array.isArray(drawn) ? (drawn as Json) : { value: drawn }
          const status = await call(await as(who), method, path, input, who)
          // A drawn call may end the session (a staff member deleting themselves): sign in afresh.
          if (status === 401 && op['x-access'].kind !== 'public') {
            delete signed[who]
            resignIns++
          }
        }
      }
    }
    console.log(
      `fuzz: ${requests} requests over ${Object.keys(doc.paths).length} paths, ${resignIns} fresh sign-ins; answers by status ${JSON.stringify(byStatus)}`,
    )
    expect(failures).toEqual([])
  }, 600_000)
})
