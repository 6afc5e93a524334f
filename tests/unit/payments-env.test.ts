// Payment keys in the environment: a provider without keys is not offered, `local`
// is on outside production only, and a malformed key stops the boot with a readable message.
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EDITIONS } from '../../common/editions'
import { paymentServices } from '../../server/boot'
import { parseEnv } from '../../server/env'
import { offeredProviders } from '../../server/integrations/payments'

describe('payment environment', () => {
  test('local outside production (secret kept in DATA_DIR), never in production; keys make a provider', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pay-env-'))
    try {
      const dev = paymentServices(parseEnv({ NODE_ENV: 'test', DATA_DIR: dir }))
      expect(Object.keys(dev.providers)).toEqual(['local'])
      expect(paymentServices(parseEnv({ NODE_ENV: 'test', DATA_DIR: dir })).config.local?.secret).toBe(
        dev.config.local!.secret,
      )
      const prod = paymentServices(
        parseEnv({
          NODE_ENV: 'production',
          DATA_DIR: dir,
          SESSION_SECRET: 'x'.repeat(40),
          PUBLIC_URL: 'https://tutors.example',
          PAY_LIQPAY_PUBLIC_KEY: 'pub',
          PAY_LIQPAY_PRIVATE_KEY: 'priv',
          PAY_LOCAL_SECRET: 'ignored-in-production',
        }),
      )
      expect(Object.keys(prod.providers)).toEqual(['liqpay'])
      expect(offeredProviders(prod.config, EDITIONS.ua)).toEqual(['liqpay'])
      expect(offeredProviders(prod.config, EDITIONS.us)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
