// Tutor indicators (docs/product.md#3-entities-and-their-fields, #9-business-constants-and-limits): whether the profile
// may ask for verification, kept in localStorage with the server's lastUpdate and asked again once 24 hours have
// passed. Changes the tutor makes in the cabinet (a save, an avatar) refresh them at once through `refreshIndicators`.
import { useEffect, useState } from 'react'
import { trpc } from '../../lib/trpc'
import { INDICATORS_TTL_MS, type Indicators, readIndicators, writeIndicators } from './indicators-cache'

export { INDICATORS_TTL_MS, type Indicators } from './indicators-cache'
const read = readIndicators
const write = writeIndicators

const listeners = new Set<() => void>()

/** The cached indicators, fetched when missing or older than 24 h. */
export function useIndicators(tutorId: number): Indicators | null {
  const [cached, setCached] = useState(() => read(tutorId))
  const query = trpc.tutor.account.indicators.useQuery(undefined, {
    enabled: cached === null,
    staleTime: INDICATORS_TTL_MS,
  })
  useEffect(() => {
    if (!query.data) return
    const v = { ...query.data, tutorId }
    write(v)
    setCached(v)
  }, [query.data, tutorId])
  useEffect(() => {
    const listener = () => setCached(read(tutorId))
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }, [tutorId])
  return cached
}

/** After a change that may alter them: drops the cache so every reader fetches again. */
export function useRefreshIndicators() {
  const utils = trpc.useUtils()
  return async (tutorId: number) => {
    const data = await utils.tutor.account.indicators.fetch(undefined, { staleTime: 0 })
    write({ ...data, tutorId })
    for (const l of listeners) l()
  }
}
