// Every procedure declares its answer with `.output()`, so that the REST adapter
// and the OpenAPI document read one schema, and a field the domain adds by mistake never leaks.
import { expect, test } from 'bun:test'
import { appRouter } from '../../server/routers/app'

type ProcedureDef = { _def: { output?: unknown; type: string } }

test('every procedure of every role has an .output() schema', () => {
  // Typed as the nested router, but kept flat at run time: 'public.catalogue.tutor' → its procedure.
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>)
  expect(procedures.length).toBeGreaterThan(200)
  const without = procedures.filter(([, p]) => !p._def.output).map(([path]) => path)
  expect(without).toEqual([])
})
