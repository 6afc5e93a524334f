// The eight country editions. They share one code base and differ only by this table
// (docs/product.md#9-business-constants-and-limits). Pure data: imported by the server and by the browser bundle.

export const EDITION_CODES = ['ua', 'pl', 'kz', 'us', 'in', 'mx', 'es', 'ng'] as const
export type EditionCode = (typeof EDITION_CODES)[number]

export const LOCALES = ['ua', 'ru', 'en', 'pl', 'es'] as const
export type Locale = (typeof LOCALES)[number]

export type PaymentProvider = 'fondy' | 'stripe' | 'revolut' | 'przelewy' | 'liqpay' | 'solidgate'

export interface PhoneRule {
  /** Exact count of digits in the national number, or null where the edition has no fixed length. */
  length: number | null
  /** International prefix shown before the national number. */
  prefix: string
}

/** The real payment providers (the `local` one of development is no edition's choice). */
export type PayProvider = 'liqpay' | 'fondy' | 'stripe' | 'przelewy' | 'revolut' | 'solidgate'

export interface Edition {
  code: EditionCode
  siteName: string
  /** Languages served, the default first. The default has no path prefix. */
  locales: readonly Locale[]
  defaultLocale: Locale
  currency: 'UAH' | 'PLN' | 'KZT' | 'USD' | 'MXN' | 'EUR' | 'NGN'
  currencyIcon: string
  phone: PhoneRule
  /** Whether a phone must be confirmed by SMS code. */
  phoneConfirm: boolean
  timeZone: string
  /** Catalogue path segments: offline and online. */
  catalogueAlias: string
  onlineCatalogueAlias: string
  /** School base rates shown on school tutors' cards (minor units are not used here: whole currency). */
  schoolRates: { base: readonly [number, number]; advanced: readonly [number, number] } | null
  /** The payment providers offered by default, in the order shown; each takes the edition's currency.
   *  A deployment may replace the list (PAY_PROVIDERS_<SITE>); a provider is offered only with its keys. */
  payProviders: readonly PayProvider[]
  /** VAT-like tax percent added on invoices; 0 where none. */
  tax: number
  /** Whether tutors must file billing data before paying out. */
  billingData: boolean
  gdpr: boolean
  /** Cookie-consent banner mode; 'none' means no banner (the Ukrainian edition). */
  consentMode: 'none' | 'basic' | 'advanced'
  liveChat: boolean
}

const base = { tax: 0, billingData: false, phoneConfirm: true, liveChat: false } as const

export const EDITIONS: Record<EditionCode, Edition> = {
  ua: {
    ...base,
    code: 'ua',
    siteName: 'Tutors UA',
    locales: ['ua', 'ru', 'en'],
    defaultLocale: 'ua',
    currency: 'UAH',
    currencyIcon: '₴',
    phone: { length: 10, prefix: '+38' },
    timeZone: 'Europe/Kiev',
    catalogueAlias: 'tutors',
    onlineCatalogueAlias: 'tutors-online',
    schoolRates: { base: [268, 368], advanced: [288, 398] },
    payProviders: ['liqpay', 'fondy'],
    gdpr: false,
    consentMode: 'none',
    liveChat: true,
  },
  pl: {
    ...base,
    code: 'pl',
    siteName: 'Korepetycje',
    locales: ['pl', 'en'],
    defaultLocale: 'pl',
    currency: 'PLN',
    currencyIcon: 'zł',
    phone: { length: 9, prefix: '+48' },
    timeZone: 'Europe/Warsaw',
    catalogueAlias: 'korepetycje',
    onlineCatalogueAlias: 'korepetycje-online',
    schoolRates: { base: [78, 98], advanced: [108, 128] },
    payProviders: ['przelewy', 'stripe'],
    tax: 23,
    billingData: true,
    gdpr: true,
    consentMode: 'advanced',
    liveChat: true,
  },
  kz: {
    // The kz edition serves Russian; its catalogue falls back to the default locale's texts.
    ...base,
    code: 'kz',
    siteName: 'Repetitor KZ',
    locales: ['ru'],
    defaultLocale: 'ru',
    currency: 'KZT',
    currencyIcon: '₸',
    phone: { length: 10, prefix: '+7' },
    timeZone: 'Asia/Almaty',
    catalogueAlias: 'repetitor',
    onlineCatalogueAlias: 'repetitor-online',
    schoolRates: { base: [3600, 4900], advanced: [3600, 4900] },
    payProviders: [],
    gdpr: false,
    consentMode: 'basic',
    liveChat: true,
  },
  us: {
    ...base,
    code: 'us',
    siteName: 'Tutors US',
    locales: ['en'],
    defaultLocale: 'en',
    currency: 'USD',
    currencyIcon: '$',
    phone: { length: 10, prefix: '+1' },
    timeZone: 'America/New_York',
    catalogueAlias: 'tutors',
    onlineCatalogueAlias: 'tutors-online',
    schoolRates: null,
    payProviders: ['stripe', 'revolut'],
    gdpr: false,
    consentMode: 'basic',
  },
  in: {
    ...base,
    code: 'in',
    siteName: 'Tutors India',
    locales: ['en'],
    defaultLocale: 'en',
    currency: 'USD',
    currencyIcon: '$',
    phone: { length: 10, prefix: '+1' },
    timeZone: 'Asia/Calcutta',
    catalogueAlias: 'tutors',
    onlineCatalogueAlias: 'tutors-online',
    schoolRates: null,
    payProviders: ['stripe', 'revolut'],
    gdpr: false,
    consentMode: 'basic',
  },
  mx: {
    ...base,
    code: 'mx',
    siteName: 'Clases MX',
    locales: ['es'],
    defaultLocale: 'es',
    currency: 'MXN',
    currencyIcon: '$',
    phone: { length: 10, prefix: '+52' },
    timeZone: 'America/Mexico_City',
    catalogueAlias: 'clases',
    onlineCatalogueAlias: 'clases-online',
    schoolRates: null,
    payProviders: ['solidgate', 'stripe'],
    gdpr: false,
    consentMode: 'basic',
  },
  es: {
    ...base,
    code: 'es',
    siteName: 'Tutores ES',
    locales: ['es'],
    defaultLocale: 'es',
    currency: 'EUR',
    currencyIcon: '€',
    phone: { length: 9, prefix: '+34' },
    timeZone: 'Europe/Madrid',
    catalogueAlias: 'tutors',
    onlineCatalogueAlias: 'tutors-online',
    schoolRates: null,
    payProviders: ['solidgate', 'stripe'],
    gdpr: true,
    consentMode: 'advanced',
    liveChat: true,
  },
  ng: {
    // Nigeria has no fixed phone length in the spec: 7 to 17 digits.
    ...base,
    code: 'ng',
    siteName: 'Tutors NG',
    locales: ['en'],
    defaultLocale: 'en',
    currency: 'NGN',
    currencyIcon: '₦',
    phone: { length: null, prefix: '+234' },
    timeZone: 'Africa/Lagos',
    catalogueAlias: 'tutors',
    onlineCatalogueAlias: 'tutors-online',
    schoolRates: null,
    payProviders: ['stripe'],
    gdpr: false,
    consentMode: 'basic',
    phoneConfirm: false,
  },
}

export function edition(code: EditionCode): Edition {
  return EDITIONS[code]
}

/** Locale codes that may appear as a path prefix anywhere (used to answer 410 for foreign ones). */
export const KNOWN_LOCALE_PREFIXES = ['ua', 'uk', 'ru', 'en', 'pl', 'es', 'kz'] as const

/** Path of a page in a locale: the default locale has no prefix. */
export function localePath(ed: Edition, locale: Locale, path: string): string {
  return locale === ed.defaultLocale ? path : `/${locale}${path === '/' ? '/' : path}`
}
