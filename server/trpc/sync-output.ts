// Schemas of the hot reads (the catalogue's pages of cards).
//
// tRPC parses a zod schema with its parseAsync, which in zod 4 costs several times its parse for a
// plain schema (measured on a 20-card catalogue page: 0.41 ms against 0.11 ms). The answers of the
// hot reads have no async refinement, so their schema is handed over with a parseAsync that parses
// synchronously. The schema itself is unchanged (the REST adapter and the OpenAPI document read it;
// the prototype chain gives them every property).
//
// In production these answers (hotAnswer, never an input) are not parsed at all: the parse copies every object of twenty cards
// (the largest single cost of a catalogue request with the page cache off, ~0.8 ms of 3 under load)
// to check what the type system already proves — toCard builds each card as an object literal typed
// with the schema's own output type, so a missing, mistyped or extra field does not compile. Every
// other environment (tests, development) parses each answer, so drift still fails the suite.
import type { z } from 'zod'

let trusted = false

/** On in production (server/boot.ts): the hot answers' schemas stop being checked at run time. */
export function setTrustedHotOutputs(on: boolean) {
  trusted = on
}

/** A schema whose parseAsync parses synchronously (inputs and answers alike). */
export function parsedSynchronously<S extends z.ZodType>(schema: S): S {
  const fast = Object.create(schema) as S
  Object.defineProperty(fast, 'parseAsync', { value: async (value: unknown) => schema.parse(value) })
  return fast
}

/**
 * The answer schema of a hot read: parsed synchronously, and in production not at all. Answers only:
 * an input is always parsed (it comes from outside; this is for what our own typed code built).
 */
export function hotAnswer<S extends z.ZodType>(schema: S): S {
  const fast = Object.create(schema) as S
  Object.defineProperty(fast, 'parseAsync', {
    value: async (value: unknown) => (trusted ? value : schema.parse(value)),
  })
  return fast
}
