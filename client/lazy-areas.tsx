// The areas that load as their own chunks, in the browser only (App.tsx renders them).
import { preloadableLazy } from './lib/lazy'

export const PanelApp = preloadableLazy(() => import('./panel/PanelApp'))
export const AccountApp = preloadableLazy(() => import('./account/AccountApp'))
