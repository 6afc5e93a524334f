// Generated from the router: every procedure is called as anonymous, client, tutor and staff of each
// status. A role the access table does not grant must be refused by the access check itself; a
// granted role must pass it. A procedure without a declared access fails the test.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { TRPCError } from '@trpc/server'
import type { DbHandle } from '../../db/client'
import { bootServices } from '../../server/boot'
import { createStaff } from '../../server/domain/auth/sign-in'
import { type Identity, createSession, loadIdentity } from '../../server/domain/auth/sessions'
import { AREAS_BY_STATUS, type StaffStatus } from '../../common/staff-areas'
import { parseEnv } from '../../server/env'
import { appRouter, createCaller } from '../../server/routers/app'
import { AccessDenied, type Access } from '../../server/trpc/access'
import { type AppServices, type Context, SessionCookie } from '../../server/trpc/context'
import type { Meta } from '../../server/trpc/init'
import { testDb } from '../helpers/db'
import type { Caller } from '../../server/rest/adapter'

type Role = 'anonymous' | 'client' | 'tutor' | 'staff1' | 'staff2' | 'staff3' | 'staff4'
const ROLES: Role[] = ['anonymous', 'client', 'tutor', 'staff1', 'staff2', 'staff3', 'staff4']

/** The table of docs/product.md#2-screens-and-routes and docs/contract.md, restated independently of
 * server/trpc/access.ts. */
function granted(access: Access, role: Role): boolean {
  switch (access.kind) {
    case 'public':
      return true
    case 'person':
      return role === 'client' || role === 'tutor'
    case 'client':
    case 'tutor':
      return role === access.kind
    case 'staff': {
      if (!role.startsWith('staff')) return false
      if (access.area === 'desktop') return true
      return AREAS_BY_STATUS[Number(role.slice(5)) as StaffStatus].has(access.area)
    }
    // A record's file: any tutor or client passes the builder (the service checks they are a party).
    case 'party_or_staff':
      return role === 'client' || role === 'tutor' || granted({ kind: 'staff', area: access.area }, role)
  }
}

let handle: DbHandle
let services: AppServices
const identities = new Map<Role, Identity | null>()

beforeAll(async () => {
  handle = await testDb()
  const env = parseEnv({
    NODE_ENV: 'test',
    SESSION_SECRET: 'x'.repeat(40),
    PASSWORD_HASH_COST: 'test',
    LOG_LEVEL: 'silent',
  })
  services = (await bootServices(env, handle)).services
  const db = services.db
  const person = async (email: string) =>
    (await db.insertInto('people').values({ email, name: email }).returning('id').executeTakeFirstOrThrow()).id
  const clientPerson = await person('matrix-client@example.com')
  await db.insertInto('clients').values({ person_id: clientPerson, name: 'C' }).execute()
  const tutorPerson = await person('matrix-tutor@example.com')
  await db.insertInto('tutors').values({ person_id: tutorPerson, name: 'T' }).execute()
  const req = { ip: '127.0.0.1', userAgent: 'matrix' }
  identities.set('anonymous', null)
  identities.set(
    'client',
    await loadIdentity(
      db,
      await createSession(db, { personId: clientPerson, staffId: null, currentRole: 'client', ...req }),
    ),
  )
  identities.set(
    'tutor',
    await loadIdentity(
      db,
      await createSession(db, { personId: tutorPerson, staffId: null, currentRole: 'tutor', ...req }),
    ),
  )
  for (const status of [1, 2, 3, 4] as const) {
    const id = await createStaff(db, {
      email: `matrix-staff${status}@example.com`,
      password: 'matrix-password',
      name: `S${status}`,
      status,
    })
    identities.set(
      `staff${status}`,
      await loadIdentity(db, await createSession(db, { personId: null, staffId: id, currentRole: null, ...req })),
    )
  }
})
afterAll(() => handle.close())

function contextFor(role: Role): Context {
  const meta = {
    requestId: 'matrix',
    ip: '127.0.0.1',
    userAgent: 'matrix',
    secure: false,
    locale: 'ua' as const,
    origin: 'http://localhost',
  }
  return {
    ...services,
    ...meta,
    identity: identities.get(role) ?? null,
    session: new SessionCookie(services.tokens, new Headers(), false),
  }
}

/** The router's flat table of procedures by dotted path. */
const procedureTable = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta; type: string } }>
const procedures = Object.entries(procedureTable)

describe('role matrix', () => {
  test('the router has procedures', () => {
    expect(procedures.length).toBeGreaterThan(10)
  })

  for (const [path, procedure] of procedures) {
    test(path, async () => {
      const access = procedure._def.meta?.access
      if (!access) throw new Error(`${path} declares no access (use a builder from server/trpc/procedures.ts)`)
      for (const role of ROLES) {
        const caller = createCaller(contextFor(role))
        const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
          input: unknown,
        ) => Promise<unknown>
        let denied = false
        try {
          await fn({})
        } catch (err) {
          denied = err instanceof TRPCError && err.cause instanceof AccessDenied
          if (denied)
            expect(err instanceof TRPCError && err.code).toBe(role === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN')
        }
        const expected = granted(access, role)
        if (denied === expected)
          throw new Error(
            `${path} as ${role}: expected ${expected ? 'allowed' : 'refused'}, got ${denied ? 'refused' : 'allowed'}`,
          )
      }
    })
  }
})

/**
 * Which panel area each documented /admin path belongs to (docs/api.md#calls grouped by the panel
 * menu of docs/product.md#2-screens-and-routes). Kept here, apart from the routers, so a procedure declared with the
 * wrong area fails. A new /admin path must be added.
 */
const AREA_OF_ADMIN_PATH: [RegExp, string][] = [
  [/^\/admin\/(login|logout)$/, 'session'],
  [/^\/admin\/oauth\/(redirect|login)$/, 'session'],
  [/^\/admin\/desktop$/, 'desktop'],
  [/^\/admin\/(admins|get|create|save|delete|change_checkout)$/, 'admins'],
  [/^\/admin\/authorize\/(client|tutor|admin)$/, 'admins'],
  [/^\/admin\/authorize\/return$/, 'session'],
  [/^\/admin\/admins\/schedule\/(get|save)$/, 'schedule'],
  [/^\/admin\/admin\/avatar\/(set|crop|remove|file)$/, 'desktop'],
  [/^\/admin\/(tutors|tutor\/.+|resources\/tutor_rules)$/, 'tutors'],
  [/^\/admin\/(clients|client\/.+)$/, 'clients'],
  [/^\/admin\/settings\/set\/transfer_offline_lesson$/, 'transfer_settings'],
  [/^\/admin\/system\/clear_cache$/, 'static_pages'],
  [/^\/admin\/system\/jobs\/(get|retry)$/, 'system'],
  [/^\/admin\/site_reviews?\//, 'reviews'],
  [/^\/admin\/(static_pages\/|resources\/static_page_rules$)/, 'static_pages'],
  [
    /^\/admin\/(news\/get|news_one\/[a-z_]+|news_category\/[a-z_]+|news_categories\/get|resources\/news_rules|resources\/news_categories)$/,
    'news',
  ],
  [/^\/admin\/blogs?\//, 'blogs'],
  [/^\/admin\/ads?\//, 'ads'],
  [/^\/admin\/(videos\/get|video\/(get|create|save|delete))$/, 'videos'],
  [/^\/admin\/examination_question(s\/get|\/(get|create|save|delete))$/, 'examination_tests'],
  [/^\/admin\/(vacancies\/get|vacancy\/(get|create|save|delete))$/, 'static_pages'],
  [/^\/admin\/(tops|top\/)/, 'tops'],
  [/^\/admin\/seo\//, 'seo'],
  [/^\/admin\/(cities|city\/(get|create|save|delete|change_checkout))$/, 'cities'],
  [/^\/admin\/(districts|district\/(get|create|save|delete|change_checkout))$/, 'districts'],
  [/^\/admin\/(subdistricts|subdistrict\/(get|create|save|delete|change_checkout))$/, 'subdistricts'],
  [/^\/admin\/(lessons|lesson\/(get|create|save|delete|change_checkout))$/, 'lessons'],
  [/^\/admin\/(levels|level\/(get|create|save|delete|change_checkout))$/, 'levels'],
  [
    /^\/admin\/(orders|order\/[a-z_]+|count_orders_statuses|get_file_excel_export_orders|resources\/order_rules)$/,
    'orders',
  ],
  [/^\/admin\/(on_site_notifications|on_site_notification\/set_read)$/, 'desktop'],
  [/^\/admin\/desktop\/web_vitals$/, 'seo'],
  [/^\/admin\/lesson_school_transfer_settings?\/(get|save)$/, 'transfer_settings'],
  [/^\/admin\/units_blocks\/(index|get|save|change_status)$/, 'units_blocks'],
  [/^\/admin\/order\/chat\/(delete_msg|set_msg_read|send_service_message)$/, 'orders'],
  [/^\/admin\/payments\/(get|summary|refund|export)$/, 'payments'],
  [/^\/admin\/(liqpay_merchants\/get|liqpay_merchant\/(get|create|save|delete))$/, 'merchants'],
  [
    /^\/admin\/email\/(emails\/get|email\/(get|create|save|delete|send_test)|profiles\/get|profile\/(get|create|save|delete))$/,
    'emails',
  ],
  [/^\/admin\/(smslist\/get|sms\/(get|create|save|delete))$/, 'sms'],
  [
    /^\/admin\/(telephony\/incomes\/get|(telephony\/)?income\/delete|(telephony\/)?call\/outcome_(new|to_income|call_to_tutor))$/,
    'calls',
  ],
]

describe('declared staff areas match the panel menu', async () => {
  const { routes } = await import('../../server/rest/routes')
  for (const route of routes.filter((r) => r.path.startsWith('/admin/'))) {
    test(route.path, () => {
      const area = AREA_OF_ADMIN_PATH.find(([re]) => re.test(route.path))?.[1]
      if (!area) throw new Error(`${route.path}: add it to AREA_OF_ADMIN_PATH`)
      // Find the procedure the route calls by recording the path it reads from the caller.
      const seen: string[] = []
      const recorder: object = new Proxy(
        {},
        {
          get: (_, k) => {
            seen.push(String(k))
            return recorder
          },
        },
      )
      route.pick(recorder as Caller)
      const meta = procedureTable[seen.join('.')]?._def.meta
      expect(meta).toBeDefined()
      if (area === 'session') expect(['public', 'staff']).toContain(meta!.access.kind)
      else expect(meta!.access).toEqual({ kind: 'staff', area } as Access)
    })
  }
})
