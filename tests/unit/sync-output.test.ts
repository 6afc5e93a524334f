// server/trpc/sync-output.ts: the schema handed to tRPC parses as the schema does, synchronously,
// and refuses what the schema refuses with the schema's own ZodError (the error map reads it).
import { expect, test } from 'bun:test'
import { z } from 'zod'
import { hotAnswer, parsedSynchronously, setTrustedHotOutputs } from '../../server/trpc/sync-output'

const Z = z.object({ id: z.number(), name: z.string().trim() })

test('parseAsync answers what parse answers; a bad value rejects with the ZodError', async () => {
  const fast = parsedSynchronously(Z)
  expect(await fast.parseAsync({ id: 1, name: ' Олена ', extra: true })).toEqual({ id: 1, name: 'Олена' })
  const err = await fast.parseAsync({ id: 'x', name: 1 }).catch((e: unknown) => e)
  expect(err).toBeInstanceOf(z.ZodError)
  expect((err as z.ZodError).issues.map((i) => i.path.join('.'))).toEqual(['id', 'name'])
  // The schema is otherwise the same object to readers (shape, standard schema marker).
  expect(fast.shape).toBe(Z.shape)
  expect('~standard' in fast).toBe(true)
})

test('trusted (production): a hot answer is passed on as built, unparsed, but an input schema still parses', async () => {
  const fast = hotAnswer(Z)
  const input = parsedSynchronously(Z)
  const built = { id: 1, name: 'Олена' }
  setTrustedHotOutputs(true)
  try {
    expect(await fast.parseAsync(built)).toBe(built)
    expect(await input.parseAsync(built)).not.toBe(built)
    expect(await input.parseAsync({ id: 'x', name: 1 }).catch((e: unknown) => e)).toBeInstanceOf(z.ZodError)
  } finally {
    setTrustedHotOutputs(false)
  }
  expect(await fast.parseAsync(built)).not.toBe(built)
  expect(await fast.parseAsync(built)).toEqual(built)
})
