import type { ServerCatalog } from '../catalogs'

export const esServer: ServerCatalog = {
  'mail.login_code_subject': 'Tu código de acceso',
  'mail.login_code_body':
    'Tu código de acceso: {code}. Es válido durante 10 minutos. Si no lo pediste, ignora este correo.',
  'sms.login_code': 'Código de acceso: {code}. Válido 10 min.',
  'mail.confirm_subject': 'Confirma tu e-mail',
  'mail.confirm_body': 'Para confirmar tu e-mail, abre este enlace: {link}',
  'mail.password_reset_subject': 'Código para restablecer la contraseña',
  'mail.password_reset_body':
    'Tu código para restablecer la contraseña: {code}. Es válido durante 30 minutos. Si no lo solicitaste, ignora este correo.',
  'sms.password_reset': 'Código para restablecer la contraseña: {code}. Válido 30 min.',
  'sms.phone_confirm': 'Código de confirmación del teléfono: {code}.',
  'mail.new_password_subject': 'Tu nueva contraseña',
  'mail.new_password_body': 'Tu nueva contraseña de acceso: {password}. Te recomendamos cambiarla después de entrar.',
  'sms.new_password': 'Tu nueva contraseña: {password}',
  'sms.order_client': 'Tu solicitud n.º {order} ha sido recibida. Buscaremos un profesor y te contactaremos.',
  'sms.order_client_tutor':
    'Solicitud n.º {order}: tu profesor es {tutor}, tel. {phone}. Te contactará para la primera clase.',
  'sms.order_tutor': 'Solicitud n.º {order}: cliente {client}, tel. {phone}. Contáctalo para la primera clase.',
  'catalogue.h1': 'Profesores de {subject}',
  'catalogue.h1_place': 'Profesores de {subject} — {place}',
  'catalogue.title': 'Profesores de {subject}: precios y opiniones',
  'catalogue.title_place': 'Profesores de {subject} — {place}: precios y opiniones',
  'catalogue.metad':
    '{count} profesores de {subject} {place}. Compara precios y opiniones y elige tu profesor en {site}.',
  'catalogue.online': 'online',
  'errors.refund_not_paid': 'Solo se puede reembolsar un pago pagado',
  'errors.refund_too_much': 'El importe supera lo que aún se puede reembolsar',
  'errors.refund_spent': 'El tutor ya gastó este dinero del monedero',
  'errors.refund_no_provider': 'El proveedor de este pago no está configurado',
  'errors.refund_refused': 'El proveedor de pagos rechazó el reembolso',
  'errors.oauth_unavailable': 'El inicio de sesión con una cuenta externa no está configurado',
  'errors.oauth_state': 'El inicio de sesión ha caducado o ya se usó. Empiece de nuevo',
  'errors.oauth_token': 'El proveedor no pudo confirmar su cuenta',
  'errors.oauth_no_account': 'Ninguna cuenta está vinculada a este inicio de sesión externo',
  'validation.oauth_email_unverified': 'El proveedor no ha confirmado esta dirección de e-mail',
  'validation.no_phone': 'No hay ningún número de teléfono al que llamar',
  // Orders: personal requests, client refusals (orders-people)
  'mail.tutor_welcome_subject': '¡Bienvenido a {site}! Próximos pasos',
  'mail.tutor_welcome_body':
    '¡Hola, {name}!\nTu cuenta de tutor está lista. Próximos pasos:\n1. Confirma tu e-mail y tu teléfono.\n2. Completa tu perfil: asignaturas y niveles, precios, lugares, una foto y unas palabras sobre ti.\n3. Mira cómo verán tu perfil los alumnos y envíalo a revisión.\nUn moderador suele revisar un perfil en un día laborable; te escribiremos en cuanto aparezca en el catálogo.\nTu cuenta: {link}',
  'mail.tutor_live_subject': 'Tu perfil ya está publicado',
  'mail.tutor_live_body':
    '¡Enhorabuena, {name}! Un moderador aprobó tu perfil y los alumnos ya pueden encontrarlo en el catálogo.\nTu página: {link}',
  'mail.tutor_sent_back_subject': 'Tu perfil necesita cambios',
  'mail.tutor_sent_back_body':
    '{name}, un moderador devolvió tu perfil para que lo corrijas.\nMotivo: {reason}\nCorrígelo y envíalo a revisión de nuevo: {link}',
  'mail.content_revision_subject': 'Necesita cambios: {title}',
  'mail.content_revision_body':
    'Un moderador devolvió «{title}» para revisión.\nMotivo: {reason}\nCorrígelo y guárdalo de nuevo en tu cuenta: {link}',
  'mail.personal_order_subject': 'Nueva solicitud personal',
  'mail.personal_order_body':
    '{client_name} te envió la solicitud personal n.º {order_id}. Abre tu cuenta para responder: {link}',
  'sms.personal_order': 'Nueva solicitud personal n.º {order_id} de {client_name}. Responde en tu cuenta.',
  'errors.no_order_fee':
    'No hay comisión para la franja de precio de este pedido. Fíjala en «Comisiones de pedidos» y asigna de nuevo.',
  'errors.client_blacklisted': 'No podemos aceptar una solicitud desde esta cuenta. Contacta con soporte.',
  'errors.review_exists': 'Este pedido ya tiene una reseña',
  // Invoices (server/domain/billing/invoices.ts)
  'invoice.title': 'Factura n.º {number}',
  'invoice.date': 'Fecha de pago',
  'invoice.seller': 'Vendedor',
  'invoice.buyer': 'Comprador',
  'invoice.tax_id': 'NIF',
  'invoice.iban': 'IBAN',
  'invoice.description': 'Descripción',
  'invoice.net': 'Base imponible',
  'invoice.tax': 'IVA {percent}%',
  'invoice.no_tax': 'Sin IVA',
  'invoice.total': 'Total pagado',
  'invoice.paid_via': 'Forma de pago: {provider}',
  'pay.number': 'pago n.º {id}',
  'invoice.purpose_wallet': 'Recarga del monedero',
  'invoice.purpose_order': 'Comisión por la solicitud n.º {order}',
  'invoice.purpose_top': 'Posición TOP, {days} días',
  // Site reviews (server/domain/site/public-site-reviews.ts)
  'mail.site_review_subject': 'Confirma tu opinión',
  'mail.site_review_body':
    '{name}, ¡gracias por tu opinión! Para publicarla, abre este enlace: {link}\nSi no has dejado ninguna opinión, ignora este correo.',
}
