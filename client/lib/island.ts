// What the header island's own React root is given (client/shell/HeaderIsland.tsx): set by
// client/main.tsx before the page renders.
import type { RootProps } from '../Root'

let props: RootProps | null = null

export function setIslandProps(p: RootProps) {
  props = p
}

export const islandProps = () => props

/** useId prefix of the island's root, on the server and in the browser (ids apart from the page's). */
export const ISLAND_ID_PREFIX = 'h-'
