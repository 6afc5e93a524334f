// The process environment, parsed once. A bad value stops the boot with a readable message.
import { z } from 'zod'
import { EDITION_CODES } from '../common/editions'
import { parseProxyEntry } from './http/client-address'

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('./.data'),
    SITE: z.enum(EDITION_CODES).default('ua'),
    // The site's own origin: links, canonical URLs, the page cache and CSRF checks use it, never the
    // request's Host. Required in production; otherwise http://localhost:PORT (siteOrigin below).
    PUBLIC_URL: z
      .string()
      .url()
      .refine((u) => /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL')
      .optional(),
    // Proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDRs); unset: none.
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((s) => s.split(',').map((e) => e.trim()).filter(Boolean))
      .refine((entries) => entries.every((e) => parseProxyEntry(e)), 'must be comma-separated IP addresses or CIDRs'),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Tutors <no-reply@localhost>'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    // Lighter argon2 parameters, for test suites that create many users. Refused in production.
    PASSWORD_HASH_COST: z.enum(['production', 'test']).default('production'),
    // OpenID Connect sign-in (tutors, clients, staff). Unset: the local provider outside production.
    OIDC_ISSUER: z.string().url().optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    // Catalogue pages kept in memory while their slot is unchanged (server/domain/catalogue/page-cache.ts);
    // off only to measure the query path itself.
    CATALOGUE_PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET)
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' })
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL)
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required when NODE_ENV=production (the public origin, e.g. https://tutors.example)' })
    if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST !== 'production')
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_COST'], message: 'must be production when NODE_ENV=production' })
    if (env.OIDC_ISSUER && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET))
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER' })
  })

export type Env = z.infer<typeof ZEnv>

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
  const result = ZEnv.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`)
    console.error(`Invalid environment:\n${lines.join('\n')}`)
    process.exit(1)
  }
  return result.data
}

/** The site's origin without a trailing slash: PUBLIC_URL, else http://localhost:PORT (outside production). */
export function siteOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`
}
