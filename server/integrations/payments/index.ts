// The configured payment providers: one instance per provider whose keys are set,
// and which of them an edition offers. `local` is added outside production only.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FondyProvider } from './fondy'
import { LiqpayProvider } from './liqpay'
import { LocalProvider } from './local'
import type { Edition } from '../../../common/editions'
import type { PaymentConfig, PaymentProvider, ProviderId } from './provider'
import { PROVIDER_IDS } from './provider'
import { PrzelewyProvider } from './przelewy'
import { RevolutProvider } from './revolut'
import { SolidgateProvider } from './solidgate'
import { StripeProvider } from './stripe'

export type PaymentProviders = Partial<Record<ProviderId, PaymentProvider>>

export function createPaymentProviders(cfg: PaymentConfig): PaymentProviders {
  const out: PaymentProviders = {}
  if (cfg.liqpay) out.liqpay = new LiqpayProvider(cfg.liqpay)
  if (cfg.fondy) out.fondy = new FondyProvider(cfg.fondy)
  if (cfg.stripe) out.stripe = new StripeProvider(cfg.stripe)
  if (cfg.przelewy) out.przelewy = new PrzelewyProvider(cfg.przelewy)
  if (cfg.revolut) out.revolut = new RevolutProvider(cfg.revolut)
  if (cfg.solidgate) out.solidgate = new SolidgateProvider(cfg.solidgate)
  if (cfg.local) out.local = new LocalProvider(cfg.local)
  return out
}

/** The providers an edition offers, in its order (PAY_PROVIDERS_<SITE>, else the edition's defaults):
 *  those whose keys are set, then `local` when configured (development only, see paymentConfigFromEnv). */
export function offeredProviders(cfg: PaymentConfig, edition: Pick<Edition, 'code' | 'payProviders'>): ProviderId[] {
  const wanted: readonly string[] = cfg.lists?.[edition.code] ?? edition.payProviders
  const real = wanted.filter(
    (m): m is Exclude<ProviderId, 'local'> =>
      m !== 'local' && (PROVIDER_IDS as readonly string[]).includes(m) && cfg[m as ProviderId] !== undefined,
  )
  return cfg.local ? [...new Set(real), 'local'] : [...new Set(real)]
}

export const isProviderId = (s: string): s is ProviderId => (PROVIDER_IDS as readonly string[]).includes(s)

/** The random `local` secret kept in DATA_DIR when PAY_LOCAL_SECRET is unset (outside production). */
export function localSecretFromDataDir(dataDir: string): string {
  const file = join(dataDir, 'pay-local-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
