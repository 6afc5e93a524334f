import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// The browser bundle. A public page loads the shell (the entry chunk and its static imports), its
// own page chunk and its language's catalog, ≤ 120 kB gzipped (scripts/bundle-size.ts); every page,
// the panel and the account areas are chunks of their own (client/pages.ts).
export default defineConfig({
  root: 'client',
  publicDir: 'static',
  plugins: [react(), tailwindcss()],
  // Marks the browser's bundle: code only the server runs is left out of it (client/lib/trpc.ts).
  define: { __CLIENT_BUNDLE__: 'true' },
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('client/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    // No modulepreload polyfill: the browsers without modulepreload (Safari before 17) still load
    // every chunk, only without the head start.
    modulePreload: { polyfill: false },
    outDir: '../dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // A public page's first load in few files (docs/decisions.md, "Fewer first-load requests"): the
        // entry chunk with everything it imports and the small parts most public pages share, then the
        // page's chunk, its language's messages and, for the pages that list tutors, their listing parts.
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 2 },
            {
              name: 'shell',
              test: /\/client\/(components\/(Stars|PageLinks|prose)|ui\/(Date|Price)|lib\/page-(h1|queries))\.tsx?$|\/common\/money\.ts$/,
              priority: 2,
            },
            {
              name: 'listing',
              test: /\/client\/(components\/(SearchForm|TutorCard)|ui\/(Dropdown|Field)|lib\/prices)\.tsx?$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  // bun run dev: API, websocket and server-only paths go to the Bun server.
  server: {
    port: 5173,
    strictPort: false,
    proxy: Object.fromEntries(
      ['/trpc', '/admin/', '/tutor/', '/client/', '/api/', '/healthz', '/readyz'].map((p) => [
        p,
        `http://127.0.0.1:${process.env.VITE_API_PORT ?? 3000}`,
      ]),
    ),
  },
})
