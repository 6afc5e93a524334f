import type { AreaCatalog } from '../index'

export const topsEs = {
  'tops.title': 'Posición TOP',
  'tops.intro':
    'Un profesor en el TOP aparece primero en el catálogo de su materia —en una ciudad o en línea— y lleva la marca «TOP».',
  'tops.loading': 'Cargando…',
  'tops.load_error': 'No se pudieron cargar los datos. Recarga la página.',
  'tops.active_title': 'Tus posiciones',
  'tops.active_label': 'Posiciones TOP activas',
  'tops.none_active': 'Ahora no tienes posiciones en el TOP.',
  'tops.col_subject': 'Materia',
  'tops.col_where': 'Dónde',
  'tops.col_until': 'Válida hasta',
  'tops.col_left': 'Días restantes',
  'tops.online': 'En línea',
  'tops.starts': 'empieza el {date}',
  'tops.buy_title': 'Comprar una posición TOP',
  'tops.no_offers':
    'Para comprar el TOP, añade a tu perfil una materia y una ciudad donde das clases, o clases en línea.',
  'tops.go_profile': 'Ir al perfil',
  'tops.lesson': 'Materia',
  'tops.where': 'Dónde mostrar',
  'tops.days': 'Duración',
  'tops.days_option': '{days} días — {price}',
  'tops.price': 'Precio: {price}',
  'tops.balance': 'Saldo del monedero: {balance}',
  'tops.go_wallet': 'Recargar el monedero',
  'tops.buy_wallet': 'Comprar con el monedero',
  'tops.pay_card': 'Pagar con tarjeta',
  'tops.card_hint': 'Pago a través del sistema de pago: el TOP empieza en cuanto se acredita el pago.',
  'tops.no_card': 'El pago con tarjeta no está disponible ahora; puedes comprar el TOP con el monedero.',
  'tops.confirm_title': '¿Comprar el TOP con el monedero?',
  'tops.confirm_text':
    '{subject}, {where}, {days} días. Se descontarán {price} del monedero; el saldo actual es {balance}.',
  'tops.confirm': 'Comprar',
  'tops.cancel': 'Cancelar',
  'tops.bought': 'TOP comprado, válido hasta el {date}',
  'tops.short': 'No hay saldo suficiente en el monedero: el TOP cuesta {price} y el saldo es {balance}.',
  'tops.full':
    'Todas las plazas del TOP para esta materia aquí están ocupadas. Elige otra ciudad o inténtalo más tarde.',
  'tops.paying': 'Vamos al pago…',
} satisfies AreaCatalog<'tops'>
