import type { ServerCatalog } from '../catalogs'

export const esServer: ServerCatalog = {
  'mail.login_code_subject': 'Tu código de acceso',
  'mail.login_code_body': 'Tu código de acceso: {code}. Es válido durante 10 minutos. Si no lo pediste, ignora este correo.',
  'sms.login_code': 'Código de acceso: {code}. Válido 10 min.',
  'mail.confirm_subject': 'Confirma tu e-mail',
  'mail.confirm_body': 'Para confirmar tu e-mail, abre este enlace: {link}',
  'catalogue.h1': 'Profesores de {subject}',
  'catalogue.h1_place': 'Profesores de {subject} — {place}',
  'catalogue.title': 'Profesores de {subject}: precios y opiniones',
  'catalogue.title_place': 'Profesores de {subject} — {place}: precios y opiniones',
  'catalogue.metad': '{count} profesores de {subject} {place}. Compara precios y opiniones y elige tu profesor en {site}.',
  'catalogue.online': 'online',
}
