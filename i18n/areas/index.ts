// Area catalogs: the messages of the signed-in areas (the account cabinet, the staff panel, orders) and
// of the password recovery page, kept out of the page catalogs (i18n/ua.ts …) so that other public
// pages do not download them. Each area
// is one browser chunk per language, loaded when one of its screens first renders (client/lib/area-text.ts).
// ua is the source of each area's keys; the other languages `satisfies` its key set, so a missing
// message is a type error. An area may serve fewer languages (the panel: ua and es); the rest fall back to ua.
import type { Locale } from '../../common/editions'
import type { accountUa } from './account/ua'
import type { billingUa } from './billing/ua'
import type { clientAccountUa } from './client-account/ua'
import type { ordersUa } from './orders/ua'
import type { panelUa } from './panel/ua'
import type { recoveryUa } from './recovery/ua'
import type { topsUa } from './tops/ua'
import type { walletUa } from './wallet/ua'
import type { levelTestUa } from './level-test/ua'
import type { cabinetMoreUa } from './cabinet-more/ua'

export interface AreaCatalogs {
  /** The tutor cabinet (/profile/, /settings, /verified-tutor …). */
  account: typeof accountUa
  /** The client cabinet (/client_profile, /settings as a client …). */
  clientAccount: typeof clientAccountUa
  panel: typeof panelUa
  orders: typeof ordersUa
  /** The password recovery page (/recovery), a public page of its own chunk. */
  recovery: typeof recoveryUa
  /** The tutor's billing data (/settings/billing). */
  billing: typeof billingUa
  /** The tutor's TOP placement screen (/tops). */
  tops: typeof topsUa
  /** The tutor's wallet (/wallet, the payment return page) and the local test bank page. */
  wallet: typeof walletUa
  /** The English level test page (/test/english/start). */
  levelTest: typeof levelTestUa
  /** The tutor's rating, affiliate and school-programme screens; the bare pages /away and /auth_as_user. */
  cabinetMore: typeof cabinetMoreUa
}
export type AreaName = keyof AreaCatalogs
export type AreaKey<A extends AreaName> = keyof AreaCatalogs[A] & string
export type AreaCatalog<A extends AreaName> = Record<AreaKey<A>, string>

type Loaders = {
  [A in AreaName]: Partial<Record<Locale, () => Promise<AreaCatalog<A>>>> & { ua: () => Promise<AreaCatalog<A>> }
}

const AREA_MODULES: Loaders = {
  account: {
    ua: () => import('./account/ua').then((m) => m.accountUa),
    ru: () => import('./account/ru').then((m) => m.accountRu),
    en: () => import('./account/en').then((m) => m.accountEn),
    pl: () => import('./account/pl').then((m) => m.accountPl),
    es: () => import('./account/es').then((m) => m.accountEs),
  },
  clientAccount: {
    ua: () => import('./client-account/ua').then((m) => m.clientAccountUa),
    ru: () => import('./client-account/ru').then((m) => m.clientAccountRu),
    en: () => import('./client-account/en').then((m) => m.clientAccountEn),
    pl: () => import('./client-account/pl').then((m) => m.clientAccountPl),
    es: () => import('./client-account/es').then((m) => m.clientAccountEs),
  },
  panel: {
    ua: () => import('./panel/ua').then((m) => m.panelUa),
    es: () => import('./panel/es').then((m) => m.panelEs),
  },
  orders: {
    ua: () => import('./orders/ua').then((m) => m.ordersUa),
    ru: () => import('./orders/ru').then((m) => m.ordersRu),
    en: () => import('./orders/en').then((m) => m.ordersEn),
    pl: () => import('./orders/pl').then((m) => m.ordersPl),
    es: () => import('./orders/es').then((m) => m.ordersEs),
  },
  billing: {
    ua: () => import('./billing/ua').then((m) => m.billingUa),
    ru: () => import('./billing/ru').then((m) => m.billingRu),
    en: () => import('./billing/en').then((m) => m.billingEn),
    pl: () => import('./billing/pl').then((m) => m.billingPl),
    es: () => import('./billing/es').then((m) => m.billingEs),
  },
  recovery: {
    ua: () => import('./recovery/ua').then((m) => m.recoveryUa),
    ru: () => import('./recovery/ru').then((m) => m.recoveryRu),
    en: () => import('./recovery/en').then((m) => m.recoveryEn),
    pl: () => import('./recovery/pl').then((m) => m.recoveryPl),
    es: () => import('./recovery/es').then((m) => m.recoveryEs),
  },
  tops: {
    ua: () => import('./tops/ua').then((m) => m.topsUa),
    ru: () => import('./tops/ru').then((m) => m.topsRu),
    en: () => import('./tops/en').then((m) => m.topsEn),
    pl: () => import('./tops/pl').then((m) => m.topsPl),
    es: () => import('./tops/es').then((m) => m.topsEs),
  },
  wallet: {
    ua: () => import('./wallet/ua').then((m) => m.walletUa),
    ru: () => import('./wallet/ru').then((m) => m.walletRu),
    en: () => import('./wallet/en').then((m) => m.walletEn),
    pl: () => import('./wallet/pl').then((m) => m.walletPl),
    es: () => import('./wallet/es').then((m) => m.walletEs),
  },
  levelTest: {
    ua: () => import('./level-test/ua').then((m) => m.levelTestUa),
    ru: () => import('./level-test/ru').then((m) => m.levelTestRu),
    en: () => import('./level-test/en').then((m) => m.levelTestEn),
    pl: () => import('./level-test/pl').then((m) => m.levelTestPl),
    es: () => import('./level-test/es').then((m) => m.levelTestEs),
  },
  cabinetMore: {
    ua: () => import('./cabinet-more/ua').then((m) => m.cabinetMoreUa),
    ru: () => import('./cabinet-more/ru').then((m) => m.cabinetMoreRu),
    en: () => import('./cabinet-more/en').then((m) => m.cabinetMoreEn),
    pl: () => import('./cabinet-more/pl').then((m) => m.cabinetMorePl),
    es: () => import('./cabinet-more/es').then((m) => m.cabinetMoreEs),
  },
}

/** The languages an area has its own messages in (tests check each holds every key). */
export function areaLocales(area: AreaName): Locale[] {
  return Object.keys(AREA_MODULES[area]) as Locale[]
}

const loaded = new Map<string, Promise<unknown>>()

/** An area's catalog in a language (ua where the area has none), downloaded once. */
export function loadAreaCatalog<A extends AreaName>(area: A, locale: Locale): Promise<AreaCatalog<A>> {
  const key = `${area}:${locale}`
  let pending = loaded.get(key) as Promise<AreaCatalog<A>> | undefined
  if (!pending) {
    const modules = AREA_MODULES[area] as Partial<Record<Locale, () => Promise<AreaCatalog<A>>>>
    pending = (modules[locale] ?? modules.ua)!()
    pending.catch(() => loaded.delete(key))
    loaded.set(key, pending)
  }
  return pending
}
