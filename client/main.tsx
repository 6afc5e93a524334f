/// <reference types="vite/client" />
import './styles.css'
import { hydrateRoot } from 'react-dom/client'
import { INITIAL_STATE_ID, type InitialState } from './lib/initial-state'
import { makeQueryClient, makeTrpcClient } from './lib/query'
import { Root } from './Root'

const initial = JSON.parse(document.getElementById(INITIAL_STATE_ID)?.textContent ?? '{}') as InitialState
const queryClient = makeQueryClient()
const trpcClient = makeTrpcClient()

hydrateRoot(document.getElementById('root')!, <Root initial={initial} queryClient={queryClient} trpcClient={trpcClient} />)
