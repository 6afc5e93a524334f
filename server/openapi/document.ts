// The OpenAPI 3.1 description of every documented REST path (GET /openapi.json, rendered at /docs/api).
//
// Nothing here is written by hand per path: the REST table (server/rest/routes.ts) gives each path,
// its method and the procedure it calls; the procedure gives its input and answer schemas (zod,
// converted with z.toJSONSchema) and who may call it (meta.access, server/trpc/access.ts). A path
// added to the table is in the document the moment it exists. The envelope and the error statuses
// are the contract's (docs/contract.md#http-envelope).
import { z } from 'zod'
import { AREAS_BY_STATUS, type StaffStatus, staffMayAccess } from '../../common/staff-areas'
import type { Caller, Route } from '../rest/adapter'
import { routes } from '../rest/routes'
import { appRouter } from '../routers/app'
import type { Access } from '../trpc/access'

type Json = Record<string, unknown>

interface ProcedureDef {
  _def: {
    type: 'query' | 'mutation' | 'subscription'
    inputs: z.ZodType[]
    output?: z.ZodType
    meta?: { access?: Access }
  }
}
const procedureTable = appRouter._def.procedures as unknown as Record<string, ProcedureDef>

/**
 * The dotted procedure path a route calls, found by recording what its `pick` reads from the caller.
 * A route that wraps the call (e.g. `/tutor/orders/{category}` adding its category) is called once with
 * no input: the fields it adds itself are `fixed` and not parameters of the path.
 */
export function procedureOf(route: Route): { path: string; fixed: string[] } {
  const seen: string[] = []
  let fixed: string[] = []
  const recorder: object = new Proxy(() => {}, {
    get: (_, k) => {
      seen.push(String(k))
      return recorder
    },
    apply: (_, __, args: unknown[]) => {
      fixed = Object.keys((args[0] as object | undefined) ?? {})
      return recorder
    },
  })
  const picked = route.pick(recorder as Caller) as unknown
  if (picked !== recorder && seen.length === 0) (picked as (input: object) => unknown)({})
  return { path: seen.join('.'), fixed }
}

/** A zod schema as JSON Schema (draft 2020-12, which OpenAPI 3.1 uses); what JSON cannot say (a transform) is left open. */
function jsonSchema(schema: z.ZodType | undefined, io: 'input' | 'output'): Json {
  if (!schema) return {}
  try {
    const out = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      reused: 'inline',
      cycles: 'ref',
      override: describePreprocessed,
    }) as Json
    delete out.$schema
    return simplified(out) as Json
  } catch {
    return {}
  }
}

type Override = NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override']

/**
 * A preprocessed field (an id or page written as `12` or `"12"`, a flag as `1` or `true`) reads its input
 * through a function JSON Schema cannot say; describe it by the schema the function hands over to.
 */
const describePreprocessed: Override = ({ zodSchema, jsonSchema }) => {
  const def = (
    zodSchema as unknown as {
      _zod: { def: { type: string; in?: { _zod: { def: { type: string } } }; out?: z.ZodType } }
    }
  )._zod.def
  if (def.type !== 'pipe' || def.in?._zod.def.type !== 'transform' || !def.out) return
  const inner = z.toJSONSchema(def.out, {
    io: 'input',
    unrepresentable: 'any',
    reused: 'inline',
    cycles: 'ref',
    override: describePreprocessed,
  }) as Json
  delete inner.$schema
  Object.assign(jsonSchema, inner)
}

/** A choice with an open branch (what a transform left) accepts anything: say so plainly. */
function simplified(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplified)
  if (!node || typeof node !== 'object') return node
  const out: Json = {}
  for (const [k, v] of Object.entries(node)) out[k] = simplified(v)
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = out[key]
    if (Array.isArray(branches) && branches.some((b) => b && typeof b === 'object' && Object.keys(b).length === 0)) {
      delete out[key]
    }
  }
  return out
}

const STATUSES = Object.keys(AREAS_BY_STATUS).map(Number) as StaffStatus[]

function accessText(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'Public: no session needed.'
    case 'person':
      return 'A signed-in tutor or client.'
    case 'client':
      return 'A signed-in client (not blacklisted).'
    case 'tutor':
      return 'A signed-in tutor.'
    case 'staff': {
      const statuses = STATUSES.filter((s) => staffMayAccess(s, access.area))
      return `Staff whose status opens the area \`${access.area}\`: status ${statuses.join(', ')}.`
    }
    case 'party_or_staff': {
      const statuses = STATUSES.filter((s) => staffMayAccess(s, access.area))
      return `The record's parties (a signed-in tutor or client it belongs to) or staff whose status opens the area \`${access.area}\`: status ${statuses.join(', ')}.`
    }
  }
}

const COMPONENTS: Json = {
  securitySchemes: {
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: 'sid',
      description:
        'The HttpOnly session cookie set by POST /admin/login, /tutor/login or /client/auth/login (named `__Host-sid` under https).',
    },
  },
  schemas: {
    FieldErrors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    ServerError: {
      type: 'object',
      required: ['status', 'error'],
      properties: { status: { const: 'error' }, error: { const: 'server_error' } },
    },
  },
  responses: {
    BadRequest: failResponse('Bad input (a malformed body, an id or flag the contract refuses, a NUL byte).', {
      type: 'string',
      examples: ['bad_request'],
    }),
    Unauthorized: failResponse('Not signed in with a role this call needs.', { const: 'unauthorized' }),
    Forbidden: failResponse('Signed in, but this role or staff status may not call it, or the record is not yours.', {
      const: 'forbidden',
    }),
    NotFound: failResponse('No such record.', { const: 'not_found' }),
    WrongStatus: failResponse('A state rule refused the action.', { const: 'wrong_status' }),
    Invalid: failResponse('Field errors.', { $ref: '#/components/schemas/FieldErrors' }),
    RateLimited: failResponse('Too many requests.', { const: 'rate_limited' }),
    ServerError: {
      description: 'Unexpected failure; never a stack trace or SQL.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ServerError' } } },
    },
  },
}

function failResponse(description: string, error: Json): Json {
  return {
    description,
    content: {
      'application/json': {
        schema: { type: 'object', required: ['status', 'error'], properties: { status: { const: 'fail' }, error } },
      },
    },
  }
}

function successResponse(route: Route, output: Json): Json {
  if (route.raw) return { description: 'A file or page (not the JSON envelope).', content: { '*/*': { schema: {} } } }
  const properties: Json = { status: { const: 'success' } }
  if (route.envelope === 'auth') {
    const out = output as { properties?: Json }
    properties.data = out.properties?.data ?? {}
    properties.auth = out.properties?.auth ?? {}
  } else properties.data = output
  return {
    description: "Success, in the contract's envelope.",
    content: { 'application/json': { schema: { type: 'object', required: ['status', 'data'], properties } } },
  }
}

/** GET parameters: the input object's own fields in the query string (nested ones as `a[b]=`). */
function queryParameters(input: Json): Json[] {
  const props = (input.properties ?? {}) as Record<string, Json>
  const required = new Set((input.required ?? []) as string[])
  return Object.entries(props).map(([name, schema]) => {
    const nested = schema.type === 'object' || schema.type === 'array' || 'anyOf' in schema || 'oneOf' in schema
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(nested ? { style: 'deepObject', explode: true } : {}),
      schema,
    }
  })
}

const tagOf = (path: string) => path.split('/')[1] || 'root'
const operationIdOf = (method: string, path: string) =>
  `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`

function operation(
  route: Route,
  method: 'GET' | 'POST',
  inputSchemas: Record<string, Json>,
  operationId: string,
): Json {
  const { path: procedurePath, fixed } = procedureOf(route)
  const procedure = procedureTable[procedurePath]
  if (!procedure) throw new Error(`${route.path}: no procedure ${procedurePath}`)
  const access = procedure._def.meta?.access
  if (!access) throw new Error(`${route.path}: ${procedurePath} declares no access`)
  const input = procedure._def.inputs.length
    ? withoutFields(jsonSchema(procedure._def.inputs[procedure._def.inputs.length - 1], 'input'), fixed)
    : {}
  const output = jsonSchema(procedure._def.output, 'output')
  const op: Json = {
    operationId,
    tags: [tagOf(route.path)],
    summary: `${procedurePath}`,
    description: `${accessText(access)} Parameters come from the query string and the body together (JSON, urlencoded or multipart).`,
    'x-access': access,
    security: access.kind === 'public' ? [{}, { session: [] }] : [{ session: [] }],
  }
  if (route.rawBody) {
    op.requestBody = {
      required: true,
      description:
        "The provider's notification, read unaltered: its signature is checked over these bytes (shared/PAYMENTS.md).",
      content: { '*/*': { schema: {} } },
    }
  } else if (method === 'GET') {
    const params = queryParameters(input)
    if (params.length) op.parameters = params
  } else if (Object.keys(input).length) {
    // One schema for the three body types the contract accepts, kept once under components.
    const name = `${op.operationId as string}Input`
    inputSchemas[name] = input
    const ref = { $ref: `#/components/schemas/${name}` }
    op.requestBody = {
      required: Array.isArray(input.required) && input.required.length > 0,
      content: {
        'application/json': { schema: ref },
        'application/x-www-form-urlencoded': { schema: ref },
        'multipart/form-data': { schema: ref },
      },
    }
  }
  const responses: Json = {
    '200': successResponse(route, output),
    '400': { $ref: '#/components/responses/BadRequest' },
    '404': { $ref: '#/components/responses/NotFound' },
    '409': { $ref: '#/components/responses/WrongStatus' },
    '422': { $ref: '#/components/responses/Invalid' },
    '429': { $ref: '#/components/responses/RateLimited' },
    '500': { $ref: '#/components/responses/ServerError' },
  }
  if (access.kind !== 'public') {
    responses['401'] = { $ref: '#/components/responses/Unauthorized' }
    responses['403'] = { $ref: '#/components/responses/Forbidden' }
  }
  op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)))
  return op
}

/** The input less the fields a route sets itself. */
function withoutFields(schema: Json, fields: string[]): Json {
  if (!fields.length || !schema.properties) return schema
  const properties = { ...(schema.properties as Json) }
  for (const f of fields) delete properties[f]
  const required = ((schema.required ?? []) as string[]).filter((r) => !fields.includes(r))
  return { ...schema, properties, ...(required.length ? { required } : { required: undefined }) }
}

let built: Json | null = null

/** The document (built once per process: the table and schemas do not change while it runs). */
export function openApiDocument(): Json {
  if (built) return built
  const paths: Record<string, Json> = {}
  const inputSchemas: Record<string, Json> = {}
  for (const route of routes) {
    const item: Json = paths[route.path] ?? {}
    paths[route.path] = item
    const methods: ('GET' | 'POST')[] = route.method === 'ANY' ? ['GET', 'POST'] : [route.method]
    for (const m of methods) {
      const id =
        operationIdOf(route.method === 'ANY' ? 'any' : m, route.path) +
        (route.method === 'ANY' ? (m === 'GET' ? 'Get' : 'Post') : '')
      item[m.toLowerCase()] = operation(route, m, inputSchemas, id)
    }
  }
  const tags = [...new Set(routes.map((r) => tagOf(r.path)))]
    .sort()
    .map((name) => ({ name, description: TAG_TEXT[name] ?? name }))
  built = {
    openapi: '3.1.0',
    info: {
      title: 'Tutoring marketplace API',
      version: '1.0.0',
      description:
        'Every documented REST path of the marketplace. Answers are JSON in one envelope: success `{"status":"success","data":…}`; failure `{"status":"fail","error":…}` with 400/401/403/404/409/422/429; unexpected `{"status":"error","error":"server_error"}` with 500. The same procedures answer typed calls over tRPC at /trpc.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'This server' }],
    tags,
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: { ...COMPONENTS, schemas: { ...(COMPONENTS.schemas as Json), ...inputSchemas } },
  }
  return built
}

const TAG_TEXT: Record<string, string> = {
  admin: 'Staff (back-office panel); the staff status decides which areas open.',
  tutor: 'Tutors: profile, orders, wallet, blog, ads.',
  client: 'Clients and public reads.',
  api: 'Provider notifications and other machine calls.',
}
