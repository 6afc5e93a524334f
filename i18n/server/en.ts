import type { ServerCatalog } from '../catalogs'

export const enServer: ServerCatalog = {
  'mail.login_code_subject': 'Your sign-in code',
  'mail.login_code_body': 'Your sign-in code: {code}. It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.',
  'sms.login_code': 'Sign-in code: {code}. Valid 10 min.',
  'mail.confirm_subject': 'Confirm your e-mail',
  'mail.confirm_body': 'To confirm your e-mail, open this link: {link}',
  'catalogue.h1': '{subject} tutors',
  'catalogue.h1_place': '{subject} tutors — {place}',
  'catalogue.title': '{subject} tutors: prices and reviews',
  'catalogue.title_place': '{subject} tutors — {place}: prices and reviews',
  'catalogue.metad': '{count} {subject} tutors {place}. Compare prices and reviews and choose your tutor on {site}.',
  'catalogue.online': 'online',
}
