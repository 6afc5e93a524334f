// Messages only the server sends (e-mail, SMS, generated metatags): kept out of the browser's
// catalogs, which every page downloads. i18n/catalogs.ts merges them for the server's `t`.
export const uaServer = {
  'mail.login_code_subject': 'Код входу',
  'mail.login_code_body': 'Ваш код входу: {code}. Він дійсний 10 хвилин. Якщо ви його не запитували, просто проігноруйте цей лист.',
  'sms.login_code': 'Код входу: {code}. Дійсний 10 хв.',
  'mail.confirm_subject': 'Підтвердіть e-mail',
  'mail.confirm_body': 'Щоб підтвердити e-mail, відкрийте посилання: {link}',
  'catalogue.h1': 'Репетитори: {subject}',
  'catalogue.h1_place': 'Репетитори: {subject} — {place}',
  'catalogue.title': '{subject}: репетитори, ціни та відгуки',
  'catalogue.title_place': '{subject} — {place}: репетитори, ціни та відгуки',
  'catalogue.metad': '{count} репетиторів: {subject} {place}. Порівняйте ціни, відгуки та оберіть свого викладача на {site}.',
  'catalogue.online': 'онлайн',
} as const
