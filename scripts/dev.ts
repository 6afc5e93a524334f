// bun run dev — the API/SSR server with --watch on PORT (default 3000) and the Vite dev server with
// hot reload on 5173, which proxies every API path to it. Open http://localhost:5173/.
const port = process.env.PORT ?? '3000'
// The browser's origin is Vite's: links and the CSRF origin check use it (PUBLIC_URL, never the Host header).
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: port,
  VITE_API_PORT: port,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
}
const server = Bun.spawn(['bun', '--watch', 'server/main.ts'], { env, stdout: 'inherit', stderr: 'inherit' })
const vite = Bun.spawn(['bunx', '--bun', 'vite'], { env, stdout: 'inherit', stderr: 'inherit' })
const stopBoth = () => {
  server.kill()
  vite.kill()
}
process.on('SIGINT', stopBoth)
process.on('SIGTERM', stopBoth)
await Promise.race([server.exited, vite.exited])
stopBoth()
export {}
