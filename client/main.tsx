/// <reference types="vite/client" />
import './styles.css'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { INITIAL_STATE_ID, type InitialState } from './lib/initial-state'
import { makeQueryClient, makeTrpcClient } from './lib/query'
import { Root } from './Root'

const stateElement = document.getElementById(INITIAL_STATE_ID)
const queryClient = makeQueryClient()
const trpcClient = makeTrpcClient()
const root = document.getElementById('root')!

if (stateElement) {
  const initial = JSON.parse(stateElement.textContent ?? '{}') as InitialState
  hydrateRoot(root, <Root initial={initial} queryClient={queryClient} trpcClient={trpcClient} />)
} else {
  // Vite dev server: no server rendering, so render from scratch with the default edition.
  const initial: InitialState = { edition: 'ua', locale: 'ua', dehydrated: { queries: [], mutations: [] }, status: 200 }
  createRoot(root).render(<Root initial={initial} queryClient={queryClient} trpcClient={trpcClient} />)
}
