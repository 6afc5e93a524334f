import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The browser bundle. Public pages load only the main chunk; the panel and the account areas are
// split into their own chunks (client/App.tsx lazy routes).
export default defineConfig({
  root: 'client',
  publicDir: 'static',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  // bun run dev: API, websocket and server-only paths go to the Bun server.
  server: {
    port: 5173,
    strictPort: false,
    proxy: Object.fromEntries(
      ['/trpc', '/admin/', '/tutor/', '/client/', '/api/', '/healthz', '/readyz'].map((p) => [p, `http://127.0.0.1:${process.env.VITE_API_PORT ?? 3000}`]),
    ),
  },
})
