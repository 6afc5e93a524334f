// Every refusal of the tutor's forms names its rule (a range, a required choice, a format), through a
// catalog key that every language has. The schemas are the ones the server parses and the forms use.
import { describe, expect, test } from 'bun:test'
import { EDITIONS } from '../../common/editions'
import { ZTutorRegister } from '../../common/schemas/auth/sign-in.schema'
import {
  MAX_AGE,
  MIN_AGE,
  MIN_GRADUATION_YEAR,
  ZTutorProfile,
  maxGraduationYear,
} from '../../common/schemas/tutor/profile.schema'
import { ZTutorSendBack } from '../../common/schemas/admin/tutors.schema'
import { catalogs } from '../../i18n/catalogs'
import { decode, fill } from '../../i18n/format'

type Issues = Record<string, string[]>

function issuesOf(result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}): Issues {
  expect(result.success).toBe(false)
  const out: Issues = {}
  for (const i of result.error!.issues) {
    const key = i.path.join('.')
    out[key] = [...(out[key] ?? []), i.message]
  }
  return out
}

const year = maxGraduationYear()

/** field → [value, the encoded message expected]. */
const PROFILE_CASES: [string, unknown, string][] = [
  ['age', 340, `@validation.range?min=${MIN_AGE}&max=${MAX_AGE}`],
  ['age', 'abc', `@validation.range?min=${MIN_AGE}&max=${MAX_AGE}`],
  ['age', 12.5, `@validation.range?min=${MIN_AGE}&max=${MAX_AGE}`],
  ['university_graduation_year', year + 9, `@validation.year_range?min=${MIN_GRADUATION_YEAR}&max=${year}`],
  ['university_graduation_year', 1900, `@validation.year_range?min=${MIN_GRADUATION_YEAR}&max=${year}`],
  ['video_url', 'https://vimeo.com/1', '@validation.youtube'],
  ['name', 'A', '@validation.length?min=2&max=60'],
  ['tutor_points_for_order', -1, '@validation.range?min=0&max=100000'],
]

describe('the profile form says the rule', () => {
  for (const [field, value, message] of PROFILE_CASES)
    test(`${field} = ${JSON.stringify(value)}`, () => {
      expect(issuesOf(ZTutorProfile.safeParse({ [field]: value }))[field]).toEqual([message])
    })

  test('a subject row left on "choose a subject" and a place without a city say what to choose', () => {
    for (const subject_id of [0, '0', '', null, undefined]) {
      const issues = issuesOf(ZTutorProfile.safeParse({ subjects: [{ subject_id, selectedLevels: [] }] }))
      expect(issues['subjects.0.subject_id']).toEqual(['@validation.choose_subject'])
    }
    const issues = issuesOf(ZTutorProfile.safeParse({ locations_home: [{ city: 0 }] }))
    expect(issues['locations_home.0.city']).toEqual(['@validation.choose_city'])
  })

  test('a new password typed twice differently names the rule in the catalog', () => {
    const issues = issuesOf(ZTutorProfile.safeParse({ password: 'long-enough-1', confirm_password: 'other-one-22' }))
    expect(issues.confirm_password).toEqual(['@validation.passwords_differ'])
  })

  test('valid values pass and come out as numbers', () => {
    const ok = ZTutorProfile.parse({
      age: '34',
      university_graduation_year: String(year),
      subjects: [{ subject_id: '4', selectedLevels: ['1'] }],
    })
    expect(ok.age).toBe(34)
    expect(ok.university_graduation_year).toBe(year)
    expect(ok.subjects![0]!.subject_id).toBe(4)
  })
})

describe('registration and moderation say the rule', () => {
  test('the terms box unticked', () => {
    const issues = issuesOf(
      ZTutorRegister(EDITIONS.ua).safeParse({
        name: 'Ім’я',
        email: 'a@example.com',
        phone: '0501112233',
        password: 'long-enough-1',
        accept_terms: false,
      }),
    )
    expect(issues).toEqual({ accept_terms: ['@validation.accept_terms'] })
  })

  test('a send-back reason too short', () => {
    expect(issuesOf(ZTutorSendBack.safeParse({ tutor_id: 1, reason: ' ok ' })).reason).toEqual([
      '@validation.length?min=5&max=1000',
    ])
  })
})

test('every key used above reads in every language with its numbers filled in', () => {
  const used = [
    ...PROFILE_CASES.map((c) => c[2]),
    '@validation.choose_subject',
    '@validation.choose_city',
    '@validation.passwords_differ',
    '@validation.accept_terms',
  ]
  for (const [lang, catalog] of Object.entries(catalogs)) {
    for (const text of used) {
      const m = decode(text, (k) => k in catalog)
      expect(m, `${lang} ${text}`).not.toBeNull()
      const shown = fill((catalog as Record<string, string>)[m!.key]!, m!.params)
      expect(shown).not.toMatch(/\{\w+\}/)
      for (const v of Object.values(m!.params)) expect(shown).toContain(String(v))
    }
  }
  expect(Object.keys(catalogs).sort()).toEqual(['en', 'es', 'pl', 'ru', 'ua'])
})
