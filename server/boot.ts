// Everything a server process needs, built once: database (migrated), session keys, transports.
import { kyselyTxRunner, postgresTxRunner } from '../db/pipeline'
import { setCataloguePageCache } from './domain/catalogue/page-cache'
import { setFooterLinksTtl } from './domain/site/footer'
import { setPageReadsTtl } from './domain/shared/kept-reads'
import { setTrustedHotOutputs } from './trpc/sync-output'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type DbHandle, createDb } from '../db/client'
import { migrateToLatest } from '../db/migrate'
import { openEmbeddedDatabase, reachEmbeddedDatabase } from './embedded-db'
import { setPasswordHashCost } from './domain/auth/passwords'
import { SessionTokens } from './domain/auth/sessions'
import { edition } from '../common/editions'
import { type Env, devFakesAllowed, payEnv } from './env'
import { createPaymentProviders, localSecretFromDataDir } from './integrations/payments'
import { paymentConfigFromEnv } from './integrations/payments/provider'
import { emailTransport, outboxMailer, smtpMailer } from './integrations/mail/mailer'
import { startJobs } from './jobs/jobs'
import { type OutboxTransports, outboxQueue, workOutbox } from './jobs/outbox'
import { startSweeps } from './jobs/sweeps'
import { oidcFromEnv } from './integrations/oidc/from-env'
import { outboxSms, twilioSms, twilioTransport } from './integrations/sms/sms'
import {
  type Messengers,
  infobipViberTransport,
  outboxMessenger,
  queuedMessenger,
  twilioWhatsAppTransport,
} from './integrations/messengers/messengers'
import { telephonyFromEnv } from './integrations/telephony'
import { mailCipherKey, profileSender } from './domain/messages/email-profiles'
import { templatedMailer, templatedSms } from './domain/messages/send'
import { createLogger } from './log'
import { localNotifier, postgresNotifier } from './notify'
import type { AppServices } from './trpc/context'

/** SESSION_SECRET, or a random one kept in DATA_DIR so sessions survive restarts (not in production). */
export function sessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  const dir = resolve(env.DATA_DIR)
  const file = join(dir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dir, { recursive: true })
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

/**
 * The database: DATABASE_URL, or the embedded PGlite in DATA_DIR with one writer (server/embedded-db.ts).
 * The server takes DATA_DIR's lock and shares the database on DATA_DIR/pglite.sock (DataDirInUse when
 * another process holds it); a script uses that socket while the server runs, else opens DATA_DIR itself.
 */
export async function openDatabase(env: Env, use: 'server' | 'script'): Promise<DbHandle> {
  if (env.DATABASE_URL) return createDb({ databaseUrl: env.DATABASE_URL, maxConnections: env.DB_POOL_MAX })
  const fsync = env.DB_FSYNC === 'on'
  // A script's standard output is its answer (an id, JSON lines): its log goes to standard error.
  if (use === 'script') {
    const log = createLogger(env.LOG_LEVEL, (line) => process.stderr.write(`${line}\n`))
    return reachEmbeddedDatabase(env.DATA_DIR, { fsync, log })
  }
  return openEmbeddedDatabase(env.DATA_DIR, { role: 'server', share: true, fsync })
}

/** The providers whose PAY_* keys are set; `local` only where the development fakes may run
 *  (devFakesAllowed), its secret kept in DATA_DIR when unset. */
export function paymentServices(env: Env): AppServices['payments'] {
  const production = !devFakesAllowed(env)
  const localSecret = production || env.PAY_LOCAL_SECRET ? undefined : localSecretFromDataDir(resolve(env.DATA_DIR))
  const config = paymentConfigFromEnv(payEnv(env), { production, localSecret })
  return { config, providers: createPaymentProviders(config) }
}

export interface BootOptions {
  /**
   * Run durable jobs (server/jobs: pg-boss) in this process: delivery workers for the outbox, and with
   * `sweeps` the minute sweeps. On by itself when a real transport (SMTP_URL, TWILIO_*, INFOBIP_*) is configured,
   * since its messages are delivered by jobs.
   */
  jobs?: boolean
  sweeps?: boolean
}

export async function bootServices(
  env: Env,
  handle?: DbHandle,
  opts: BootOptions = {},
): Promise<{ services: AppServices; handle: DbHandle; timings: Record<string, number> }> {
  // How long each part of the start took (logged with `listening`; bun run bench:start reads them).
  const timings: Record<string, number> = {}
  let lap = performance.now()
  const took = (part: string) => {
    timings[`${part}_ms`] = Math.round(performance.now() - lap)
    lap = performance.now()
  }
  setPasswordHashCost(env.PASSWORD_HASH_COST)
  setCataloguePageCache(env.CATALOGUE_PAGE_CACHE === 'on')
  setFooterLinksTtl(env.NODE_ENV === 'production' ? 5 * 60_000 : 0)
  setPageReadsTtl(env.NODE_ENV === 'production' ? 30_000 : 0)
  setTrustedHotOutputs(env.NODE_ENV === 'production')
  const dbh = handle ?? (await openDatabase(env, 'server'))
  took('database')
  await migrateToLatest(dbh.db)
  took('migrations')
  const log = createLogger(env.LOG_LEVEL)
  const site = { siteName: edition(env.SITE).siteName, siteUrl: () => env.PUBLIC_URL ?? '' }
  const twilio =
    process.env.TWILIO_ACCOUNT_SID && process.env.TWILIO_AUTH_TOKEN && process.env.TWILIO_FROM
      ? {
          accountSid: process.env.TWILIO_ACCOUNT_SID,
          authToken: process.env.TWILIO_AUTH_TOKEN,
          from: process.env.TWILIO_FROM,
        }
      : null
  // Service messages by messenger (docs/operations.md#messages-sms-viber-whatsapp): each with its keys, else the outbox.
  const whatsapp =
    env.TWILIO_WHATSAPP_FROM && env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN
      ? twilioWhatsAppTransport({
          accountSid: env.TWILIO_ACCOUNT_SID,
          authToken: env.TWILIO_AUTH_TOKEN,
          from: env.TWILIO_WHATSAPP_FROM,
          baseUrl: env.TWILIO_API_URL,
        })
      : undefined
  const viber =
    env.INFOBIP_BASE_URL && env.INFOBIP_API_KEY && env.INFOBIP_VIBER_SENDER
      ? infobipViberTransport({
          baseUrl: env.INFOBIP_BASE_URL,
          apiKey: env.INFOBIP_API_KEY,
          sender: env.INFOBIP_VIBER_SENDER,
        })
      : undefined
  // Read by the jobs' logger, which exists before services does (tests swap services.log after boot).
  let services: AppServices | undefined
  const logNow = () => services?.log ?? log
  const jobs =
    opts.jobs || opts.sweeps || env.SMTP_URL || twilio || whatsapp || viber
      ? await startJobs(dbh, { log: logNow, poolMax: env.JOBS_POOL_MAX })
      : null
  took('jobs')
  const queue = jobs ? outboxQueue(dbh.db, jobs, logNow) : null
  const built: AppServices = {
    db: dbh.db,
    env,
    edition: edition(env.SITE),
    tokens: new SessionTokens(sessionSecret(env)),
    // The staff's templates (server/domain/messages) over the transports; with SMTP_URL a durable job delivers (server/jobs/outbox.ts).
    mail: templatedMailer(
      dbh.db,
      env.SMTP_URL && queue
        ? smtpMailer(dbh.db, queue, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM })
        : outboxMailer(dbh.db, env.MAIL_FROM, queue),
      {
        ...site,
        key: () => mailCipherKey(env),
      },
    ),
    sms: templatedSms(dbh.db, twilio && queue ? twilioSms(dbh.db, queue) : outboxSms(dbh.db), site),
    messengers: {
      viber:
        viber && queue
          ? queuedMessenger(dbh.db, queue, { channel: 'viber', transport: 'infobip' })
          : outboxMessenger(dbh.db, 'viber'),
      whatsapp:
        whatsapp && queue
          ? queuedMessenger(dbh.db, queue, { channel: 'whatsapp', transport: 'twilio' })
          : outboxMessenger(dbh.db, 'whatsapp'),
    } satisfies Messengers,
    telephony: telephonyFromEnv(env),
    log,
    notifier: dbh.sql ? postgresNotifier(dbh.sql) : localNotifier(),
    pipeline: dbh.sql ? postgresTxRunner(dbh.sql, dbh.db) : kyselyTxRunner(dbh.db),
    oidc: oidcFromEnv(env),
    payments: paymentServices(env),
    jobs,
  }
  services = built
  if (jobs) {
    const transports: OutboxTransports = {
      // The site's SMTP server, or an e-mail profile's for a row that names one (outbox.profile_id).
      email: emailTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }, (id) =>
        profileSender(dbh.db, id, () => mailCipherKey(env)),
      ),
      sms: twilio ? twilioTransport(twilio) : undefined,
      viber,
      whatsapp,
    }
    await workOutbox(jobs, dbh.db, transports, logNow)
    if (opts.sweeps) {
      const stopTicker = await startSweeps(
        jobs,
        { db: dbh.db, edition: built.edition, log: logNow, queue },
        env.JOBS_SWEEP_SECONDS,
      )
      jobs.onStop(stopTicker)
    }
  }
  took('services')
  return { services: built, handle: dbh, timings }
}
