// Safe by default: the development fakes (the local payment provider whose public Pay button credits
// any wallet, the local sign-in issuer, the local captcha) run only on a clearly local development
// server or with PAY_LOCAL=1 on purpose; a public server with NODE_ENV forgotten, or production with
// PAY_LOCAL=1, refuses to start. Providers per edition: PAY_PROVIDERS_<SITE> replaces the defaults and
// a provider that cannot take the edition's currency stops the boot.
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { EDITIONS } from '../../common/editions'
import { paymentServices } from '../../server/boot'
import { devFakesAllowed, parseEnv } from '../../server/env'
import { offeredProviders } from '../../server/integrations/payments'
import { oidcFromEnv } from '../../server/integrations/oidc/from-env'
import { PROVIDER_CURRENCIES, paymentConfigFromEnv } from '../../server/integrations/payments/provider'

const root = resolve(import.meta.dir, '../..')

/** parseEnv in a process of its own, with exactly this environment (no NODE_ENV unless given). */
function boot(env: Record<string, string>) {
  const r = Bun.spawnSync(
    ['bun', '-e', "import { parseEnv } from './server/env'; parseEnv(); console.log('started')"],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    },
  )
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() }
}

describe('starting', () => {
  test('a public PUBLIC_URL with NODE_ENV unset refuses to start and says what to set', () => {
    const r = boot({ PUBLIC_URL: 'https://tutors.example' })
    expect(r.code).toBe(1)
    expect(r.err).toContain('NODE_ENV')
    expect(r.err).toContain('set NODE_ENV=production')
  })

  test('production with PAY_LOCAL=1 refuses to start', () => {
    const r = boot({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://tutors.example',
      SESSION_SECRET: 'x'.repeat(40),
      PAY_LOCAL: '1',
    })
    expect(r.code).toBe(1)
    expect(r.err).toContain('PAY_LOCAL')
  })

  test('a fresh clone (nothing set) starts, as does a localhost PUBLIC_URL without NODE_ENV', () => {
    expect(boot({}).out).toContain('started')
    expect(boot({ PUBLIC_URL: 'http://127.0.0.1:3000' }).out).toContain('started')
  })

  test('an edition list naming a provider that cannot take its currency refuses to start', () => {
    const r = boot({ PAY_PROVIDERS_PL: 'przelewy,liqpay' })
    expect(r.code).toBe(1)
    expect(r.err).toContain('PAY_PROVIDERS_PL: liqpay cannot take PLN')
  })
})

describe('the development fakes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-safety-'))
  const env = (e: Record<string, string>) => parseEnv({ DATA_DIR: dir, ...e })
  test('on locally (tests, development on localhost); off on a public development server unless PAY_LOCAL=1', () => {
    const local = env({ NODE_ENV: 'test' })
    expect(devFakesAllowed(local)).toBe(true)
    expect(paymentServices(local).config.local).toBeDefined()
    expect(oidcFromEnv(local)).not.toBeNull()
    const publicDev = env({ NODE_ENV: 'development', PUBLIC_URL: 'https://staging.tutors.example' })
    expect(devFakesAllowed(publicDev)).toBe(false)
    expect(paymentServices(publicDev).config.local).toBeUndefined()
    expect(oidcFromEnv(publicDev)).toBeNull()
    const onPurpose = env({ NODE_ENV: 'development', PUBLIC_URL: 'https://staging.tutors.example', PAY_LOCAL: '1' })
    expect(paymentServices(onPurpose).config.local).toBeDefined()
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('providers per edition', () => {
  test('every default list fits its edition; PAY_PROVIDERS_<SITE> replaces it; kz offers none by default', () => {
    for (const ed of Object.values(EDITIONS))
      for (const p of ed.payProviders)
        expect(`${ed.code}:${p}:${PROVIDER_CURRENCIES[p].includes(ed.currency)}`).toBe(`${ed.code}:${p}:true`)
    const keys = {
      PAY_STRIPE_SECRET_KEY: 'sk',
      PAY_STRIPE_WEBHOOK_SECRET: 'wh',
      PAY_FONDY_MERCHANT_ID: '1',
      PAY_FONDY_SECRET: 's',
    }
    const cfg = paymentConfigFromEnv(keys, { production: true })
    expect(offeredProviders(cfg, EDITIONS.kz)).toEqual([])
    // Only providers with keys: ua's liqpay has none here.
    expect(offeredProviders(cfg, EDITIONS.ua)).toEqual(['fondy'])
    const kz = paymentConfigFromEnv(
      { ...keys, PAY_PROVIDERS_KZ: 'stripe', PAY_PROVIDERS_UA: 'fondy, stripe' },
      { production: true },
    )
    expect(offeredProviders(kz, EDITIONS.kz)).toEqual(['stripe'])
    expect(offeredProviders(kz, EDITIONS.ua)).toEqual(['fondy', 'stripe'])
    expect(() => paymentConfigFromEnv({ PAY_PROVIDERS_KZ: 'liqpay' })).toThrow(/liqpay cannot take KZT/)
    expect(() => paymentConfigFromEnv({ PAY_PROVIDERS_US: 'paypal' })).toThrow(/unknown provider "paypal"/)
  })
})
