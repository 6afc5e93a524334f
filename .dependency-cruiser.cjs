// The layers (docs/architecture.md): checked by tests/unit/layers.test.ts in `bun run test`.
//   common/   pure modules both sides use: imports nothing from server/, client/, db/ or scripts/
//   client/   takes from server/ only the router's type (server/routers/app.ts, `import type`)
//   domain    server/domain/ never imports the transport layers (routers, tRPC, REST, ws, SSR, HTTP)
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'common-is-pure',
      comment: 'common/ is shared by the browser and the server: it may import only common/, i18n/ and packages.',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(server|client|db|scripts|tests)/' },
    },
    {
      name: 'client-takes-only-the-router-type',
      comment: 'client/ imports nothing from server/ but the AppRouter type.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/', pathNot: '^server/routers/app\\.ts$' },
    },
    {
      name: 'router-type-only',
      comment: 'The router is imported as a type only (import type): no server code in the bundle.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/routers/app\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-below-transport',
      comment:
        'Rules and transactions do not know how they are called: no routers, tRPC, REST, ws, SSR or HTTP in server/domain/.',
      severity: 'error',
      from: { path: '^server/domain/' },
      to: { path: '^server/(routers|trpc|rest|ws|ssr|http)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
}
