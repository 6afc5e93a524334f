import type { ServerCatalog } from '../catalogs'

export const ruServer: ServerCatalog = {
  'mail.login_code_subject': 'Код входа',
  'mail.login_code_body': 'Ваш код входа: {code}. Он действителен 10 минут. Если вы его не запрашивали, просто проигнорируйте это письмо.',
  'sms.login_code': 'Код входа: {code}. Действителен 10 мин.',
  'mail.confirm_subject': 'Подтвердите e-mail',
  'mail.confirm_body': 'Чтобы подтвердить e-mail, откройте ссылку: {link}',
  'catalogue.h1': 'Репетиторы: {subject}',
  'catalogue.h1_place': 'Репетиторы: {subject} — {place}',
  'catalogue.title': '{subject}: репетиторы, цены и отзывы',
  'catalogue.title_place': '{subject} — {place}: репетиторы, цены и отзывы',
  'catalogue.metad': '{count} репетиторов: {subject} {place}. Сравните цены, отзывы и выберите своего преподавателя на {site}.',
  'catalogue.online': 'онлайн',
}
