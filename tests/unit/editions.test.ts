import { describe, expect, test } from 'bun:test'
import { catalogs } from '../../i18n/catalogs'
import { reviewsLabel, t, translate } from '../../i18n/keys'
import { EDITIONS, EDITION_CODES } from '../../common/editions'
import { zPhone, zText } from '../../common/validators'

const phone = (code: keyof typeof EDITIONS, value: string) => {
  const r = zPhone(EDITIONS[code]).safeParse(value)
  return r.success ? r.data : r.error.issues.map((i) => translate('ua', i.message))
}

describe('phone rules per edition (docs/product.md#5-validation-rules)', () => {
  test('fixed lengths: ua 10 (+38), pl 9 (+48), kz 10 (+7), us/in 10 (+1), mx 10 (+52), es 9 (+34)', () => {
    expect(phone('ua', '+38 050 123 45 67')).toBe('0501234567')
    expect(phone('ua', '0501234567')).toBe('0501234567')
    expect(phone('ua', '050123456')).toEqual(['Номер має містити 10 цифр'])
    expect(phone('pl', '+48 601 234 567')).toBe('601234567')
    expect(phone('pl', '6012345678')).toEqual(['Номер має містити 9 цифр'])
    expect(phone('kz', '+7 701 234 5678')).toBe('7012345678')
    expect(phone('us', '+1 (212) 555-0123')).toBe('2125550123')
    expect(phone('in', '2125550123')).toBe('2125550123')
    expect(phone('mx', '+52 55 1234 5678')).toBe('5512345678')
    expect(phone('es', '+34 612 345 678')).toBe('612345678')
  })

  test('digits only, and required', () => {
    expect(phone('ua', '050-12a-45-67')).toEqual(['Лише цифри'])
    expect(phone('ua', '')).toEqual(["Обов'язкове поле"])
  })

  test('other countries: 7 to 17 digits', () => {
    expect(phone('ng', '8031234567')).toBe('8031234567')
    expect(phone('ng', '123456')).toEqual(['Від 7 до 17 цифр'])
    expect(phone('ng', '1'.repeat(18))).toEqual(['Від 7 до 17 цифр'])
  })
})

describe('text length', () => {
  test("'Від {min} до {max} символів'; optional accepts empty; required says so", () => {
    const name = zText(2, 5)
    expect(name.safeParse('abc').success).toBe(true)
    expect(translate('ua', name.safeParse('a').error!.issues[0]!.message)).toBe('Від 2 до 5 символів')
    expect(translate('ua', name.safeParse('').error!.issues[0]!.message)).toBe("Обов'язкове поле")
    expect(zText(2, 5, { required: false }).parse('')).toBe('')
  })
})

describe('editions', () => {
  test('every edition has the constants of §9', () => {
    expect(EDITION_CODES).toEqual(['ua', 'pl', 'kz', 'us', 'in', 'mx', 'es', 'ng'])
    expect(EDITIONS.ua).toMatchObject({
      currency: 'UAH',
      timeZone: 'Europe/Kiev',
      catalogueAlias: 'tutors',
      consentMode: 'none',
      liveChat: true,
    })
    expect(EDITIONS.ua.schoolRates).toEqual({ base: [268, 368], advanced: [288, 398] })
    expect(EDITIONS.pl).toMatchObject({ currency: 'PLN', catalogueAlias: 'korepetycje', timeZone: 'Europe/Warsaw' })
    expect(EDITIONS.pl.schoolRates).toEqual({ base: [78, 98], advanced: [108, 128] })
    expect(EDITIONS.kz).toMatchObject({ currency: 'KZT', catalogueAlias: 'repetitor', locales: ['ru'] })
    expect(EDITIONS.kz.schoolRates?.base).toEqual([3600, 4900])
    expect(EDITIONS.mx.catalogueAlias).toBe('clases')
    expect(EDITIONS.ng.timeZone).toBe('Africa/Lagos')
    expect(EDITIONS.us.payProviders).toEqual(EDITIONS.in.payProviders)
    expect(EDITIONS.mx.payProviders).toEqual(EDITIONS.es.payProviders)
    expect(EDITIONS.pl.payProviders[0]).toBe('przelewy')
  })
})

describe('i18n', () => {
  test('every catalog has every key', () => {
    const keys = Object.keys(catalogs.ua).sort()
    for (const c of Object.values(catalogs)) expect(Object.keys(c).sort()).toEqual(keys)
  })

  test('the §8 messages', () => {
    expect(t('ua', 'errors.server_error')).toBe('Помилка на сервері')
    expect(t('ua', 'errors.forbidden')).toBe('Ви не маєте достатньо прав доступу')
    expect(t('ua', 'errors.wrong_status')).toBe('Невірний статус!')
    expect(t('ua', 'panel.wait')).toBe('Зачекайте')
  })

  test('review count labels: one, a couple (2-4), many', () => {
    expect(reviewsLabel('ua', 1)).toBe('1 відгук')
    expect(reviewsLabel('ua', 3)).toBe('3 відгуки')
    expect(reviewsLabel('ua', 5)).toBe('5 відгуків')
    expect(reviewsLabel('ua', 21)).toBe('21 відгук')
    expect(reviewsLabel('en', 1)).toBe('1 review')
    expect(reviewsLabel('en', 4)).toBe('4 reviews')
  })
})
