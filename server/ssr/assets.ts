// The browser build's manifest (dist/client/.vite/manifest.json, vite.config.ts `build.manifest`):
// which chunks a module needs. The renderer adds modulepreload links for the current page's chunk
// and its language's catalog, so they download alongside the entry instead of after it; the
// bundle-size check (scripts/bundle-size.ts) reads the same graph.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { escapeHtml } from './head'

export interface ManifestChunk {
  file: string
  src?: string
  name?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  /** Chunks imported statically: loaded before the module runs. */
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

export type Manifest = Record<string, ManifestChunk>

export function readManifest(clientDir: string): Manifest | null {
  const path = join(clientDir, '.vite', 'manifest.json')
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : null
}

/** The entry chunk's manifest key (index.html). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry)
  if (!key) throw new Error('the build manifest has no entry')
  return key
}

/** A chunk and every chunk it imports statically, transitively (manifest keys, chunk first). */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>()
  const visit = (k: string) => {
    if (seen.has(k)) return
    const chunk = manifest[k]
    if (!chunk) throw new Error(`the build manifest has no ${k}`)
    seen.add(k)
    for (const i of chunk.imports ?? []) visit(i)
  }
  visit(key)
  return [...seen]
}

/**
 * The tags that fetch the chunks of `srcs` (and what they import) early: modulepreload for scripts,
 * stylesheet links for their CSS. Chunks the entry loads anyway (index.html has their tags) are
 * left out. Without a manifest (the Vite dev server) there is nothing to add.
 */
export function preloadTags(manifest: Manifest | null) {
  if (!manifest) return () => ''
  const entry = new Set(staticClosure(manifest, entryKey(manifest)))
  const cache = new Map<string, string>()
  /** `except`: chunks already preloaded by other tags of the page. */
  return (srcs: string[], except: string[] = []): string => {
    const cacheKey = `${srcs.join('\n')}\n-${except.join('\n')}`
    let tags = cache.get(cacheKey)
    if (tags === undefined) {
      const already = except.flatMap((src) => staticClosure(manifest, src))
      const skip = new Set([...entry, ...already])
      const chunks = [...new Set(srcs.flatMap((src) => staticClosure(manifest, src)))].filter((k) => !skip.has(k))
      const skipCss = new Set(already.filter((k) => !entry.has(k)).flatMap((k) => manifest[k]!.css ?? []))
      const css = [...new Set(chunks.flatMap((k) => manifest[k]!.css ?? []))].filter((file) => !skipCss.has(file))
      tags = [
        ...chunks.map((k) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[k]!.file)}" />`),
        ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`),
      ].join('\n    ')
      cache.set(cacheKey, tags)
    }
    return tags
  }
}
