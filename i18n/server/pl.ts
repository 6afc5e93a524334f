import type { ServerCatalog } from '../catalogs'

export const plServer: ServerCatalog = {
  'mail.login_code_subject': 'Kod logowania',
  'mail.login_code_body': 'Twój kod logowania: {code}. Jest ważny 10 minut. Jeśli go nie zamawiałeś, zignoruj tę wiadomość.',
  'sms.login_code': 'Kod logowania: {code}. Ważny 10 min.',
  'mail.confirm_subject': 'Potwierdź e-mail',
  'mail.confirm_body': 'Aby potwierdzić e-mail, otwórz link: {link}',
  'catalogue.h1': 'Korepetycje: {subject}',
  'catalogue.h1_place': 'Korepetycje: {subject} — {place}',
  'catalogue.title': '{subject}: korepetytorzy, ceny i opinie',
  'catalogue.title_place': '{subject} — {place}: korepetytorzy, ceny i opinie',
  'catalogue.metad': '{count} korepetytorów: {subject} {place}. Porównaj ceny i opinie i wybierz nauczyciela na {site}.',
  'catalogue.online': 'online',
}
