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
  server: { port: 5173, strictPort: false },
})
