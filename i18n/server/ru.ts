import type { ServerCatalog } from '../catalogs'

export const ruServer: ServerCatalog = {
  'mail.login_code_subject': 'Код входа',
  'mail.login_code_body':
    'Ваш код входа: {code}. Он действителен 10 минут. Если вы его не запрашивали, просто проигнорируйте это письмо.',
  'sms.login_code': 'Код входа: {code}. Действителен 10 мин.',
  'mail.confirm_subject': 'Подтвердите e-mail',
  'mail.confirm_body': 'Чтобы подтвердить e-mail, откройте ссылку: {link}',
  'mail.password_reset_subject': 'Код для восстановления пароля',
  'mail.password_reset_body':
    'Ваш код для восстановления пароля: {code}. Он действует 30 минут. Если вы его не запрашивали, просто проигнорируйте это письмо.',
  'sms.password_reset': 'Код восстановления пароля: {code}. Действует 30 мин.',
  'sms.phone_confirm': 'Код подтверждения телефона: {code}.',
  'mail.new_password_subject': 'Ваш новый пароль',
  'mail.new_password_body': 'Ваш новый пароль для входа: {password}. Советуем сменить его после входа.',
  'sms.new_password': 'Ваш новый пароль: {password}',
  'sms.order_client': 'Ваша заявка №{order} принята. Мы подберём репетитора и свяжемся с вами.',
  'sms.order_client_tutor':
    'Заявка №{order}: ваш репетитор {tutor}, тел. {phone}. Он свяжется с вами насчёт первого занятия.',
  'sms.order_tutor': 'Заявка №{order}: клиент {client}, тел. {phone}. Свяжитесь с ним насчёт первого занятия.',
  'catalogue.h1': 'Репетиторы: {subject}',
  'catalogue.h1_place': 'Репетиторы: {subject} — {place}',
  'catalogue.title': '{subject}: репетиторы, цены и отзывы',
  'catalogue.title_place': '{subject} — {place}: репетиторы, цены и отзывы',
  'catalogue.metad':
    '{count} репетиторов: {subject} {place}. Сравните цены, отзывы и выберите своего преподавателя на {site}.',
  'catalogue.online': 'онлайн',
  'errors.refund_not_paid': 'Вернуть можно только оплаченный платёж',
  'errors.refund_too_much': 'Сумма больше, чем ещё можно вернуть',
  'errors.refund_spent': 'Репетитор уже потратил эти средства из кошелька',
  'errors.refund_no_provider': 'Платёжная система этого платежа не настроена',
  'errors.refund_refused': 'Платёжная система отказала в возврате',
  'errors.oauth_unavailable': 'Вход через внешний аккаунт не настроен',
  'errors.oauth_state': 'Вход устарел или уже использован. Начните заново',
  'errors.oauth_token': 'Провайдер входа не подтвердил ваш аккаунт',
  'errors.oauth_no_account': 'С этим внешним входом не связан ни один аккаунт',
  'validation.oauth_email_unverified': 'Провайдер не подтвердил этот адрес e-mail',
  'validation.no_phone': 'Нет номера телефона, на который можно позвонить',
  // Orders: personal requests, client refusals (orders-people)
  'mail.tutor_welcome_subject': 'Добро пожаловать на {site}! Что дальше',
  'mail.tutor_welcome_body':
    'Здравствуйте, {name}!\nВаш кабинет репетитора создан. Что дальше:\n1. Подтвердите e-mail и телефон.\n2. Заполните анкету: предметы и уровни, цены, места занятий, фото и рассказ о себе.\n3. Посмотрите, как анкету увидят ученики, и отправьте её на проверку.\nМодератор проверяет анкету обычно в течение одного рабочего дня; мы напишем вам, как только она появится в каталоге.\nКабинет: {link}',
  'mail.tutor_live_subject': 'Ваша анкета в каталоге',
  'mail.tutor_live_body':
    'Поздравляем, {name}! Модератор одобрил анкету, и ученики уже видят её в каталоге.\nВаша страница: {link}',
  'mail.tutor_sent_back_subject': 'Анкета возвращена на доработку',
  'mail.tutor_sent_back_body':
    '{name}, модератор вернул анкету на доработку.\nПричина: {reason}\nИсправьте и отправьте на проверку ещё раз: {link}',
  'mail.content_revision_subject': 'Нужна доработка: {title}',
  'mail.content_revision_body':
    'Модератор вернул на доработку «{title}».\nПричина: {reason}\nИсправьте и сохраните ещё раз в кабинете: {link}',
  'mail.personal_order_subject': 'Новая персональная заявка',
  'mail.personal_order_body':
    '{client_name} оставил(а) вам персональную заявку №{order_id}. Откройте кабинет, чтобы ответить: {link}',
  'sms.personal_order': 'Новая персональная заявка №{order_id} от {client_name}. Ответьте в кабинете.',
  'errors.no_order_fee':
    'Для ценового диапазона этого заказа не задана комиссия. Задайте её в «Комиссии за заказы» и назначьте ещё раз.',
  'errors.client_blacklisted': 'Мы не можем принять заявку с этой учётной записи. Обратитесь в поддержку.',
  'errors.review_exists': 'Отзыв на этот заказ уже оставлен',
  // Invoices (server/domain/billing/invoices.ts)
  'invoice.title': 'Счёт № {number}',
  'invoice.date': 'Дата оплаты',
  'invoice.seller': 'Продавец',
  'invoice.buyer': 'Покупатель',
  'invoice.tax_id': 'Налоговый номер',
  'invoice.iban': 'IBAN',
  'invoice.description': 'Описание',
  'invoice.net': 'Сумма без налога',
  'invoice.tax': 'Налог {percent}%',
  'invoice.no_tax': 'Без налога',
  'invoice.total': 'Итого оплачено',
  'invoice.paid_via': 'Способ оплаты: {provider}',
  'pay.number': 'платёж №{id}',
  'invoice.purpose_wallet': 'Пополнение кошелька',
  'invoice.purpose_order': 'Комиссия за заявку №{order}',
  'invoice.purpose_top': 'Размещение в ТОП, {days} дн.',
  // Site reviews (server/domain/site/public-site-reviews.ts)
  'mail.site_review_subject': 'Подтвердите ваш отзыв',
  'mail.site_review_body':
    '{name}, спасибо за отзыв! Чтобы опубликовать его, откройте ссылку: {link}\nЕсли вы не оставляли отзыв, просто проигнорируйте это письмо.',
}
