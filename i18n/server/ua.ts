// Messages only the server sends (e-mail, SMS, generated metatags): kept out of the browser's
// catalogs, which every page downloads. i18n/catalogs.ts merges them for the server's `t`.
export const uaServer = {
  'mail.login_code_subject': 'Код входу',
  'mail.login_code_body':
    'Ваш код входу: {code}. Він дійсний 10 хвилин. Якщо ви його не запитували, просто проігноруйте цей лист.',
  'sms.login_code': 'Код входу: {code}. Дійсний 10 хв.',
  'mail.confirm_subject': 'Підтвердіть e-mail',
  'mail.confirm_body': 'Щоб підтвердити e-mail, відкрийте посилання: {link}',
  'mail.password_reset_subject': 'Код для відновлення пароля',
  'mail.password_reset_body':
    'Ваш код для відновлення пароля: {code}. Він дійсний 30 хвилин. Якщо ви його не запитували, просто проігноруйте цей лист.',
  'sms.password_reset': 'Код відновлення пароля: {code}. Дійсний 30 хв.',
  'sms.phone_confirm': 'Код підтвердження телефону: {code}.',
  'mail.new_password_subject': 'Ваш новий пароль',
  'mail.new_password_body': 'Ваш новий пароль для входу: {password}. Радимо змінити його після входу.',
  'sms.new_password': 'Ваш новий пароль: {password}',
  'sms.order_client': "Ваша заявка №{order} прийнята. Ми підберемо репетитора і зв'яжемося з вами.",
  'sms.order_client_tutor':
    "Заявка №{order}: ваш репетитор {tutor}, тел. {phone}. Він зв'яжеться з вами щодо першого заняття.",
  'sms.order_tutor': "Заявка №{order}: клієнт {client}, тел. {phone}. Зв'яжіться з ним щодо першого заняття.",
  'catalogue.h1': 'Репетитори: {subject}',
  'catalogue.h1_place': 'Репетитори: {subject} — {place}',
  'catalogue.title': '{subject}: репетитори, ціни та відгуки',
  'catalogue.title_place': '{subject} — {place}: репетитори, ціни та відгуки',
  'catalogue.metad':
    '{count} репетиторів: {subject} {place}. Порівняйте ціни, відгуки та оберіть свого викладача на {site}.',
  'catalogue.online': 'онлайн',
  'errors.refund_not_paid': 'Повернути можна лише сплачений платіж',
  'errors.refund_too_much': 'Сума більша за те, що ще можна повернути',
  'errors.refund_spent': 'Репетитор уже витратив ці кошти з гаманця',
  'errors.refund_no_provider': 'Платіжну систему цього платежу не налаштовано',
  'errors.refund_refused': 'Платіжна система відмовила в поверненні',
  'errors.oauth_unavailable': 'Вхід через зовнішній обліковий запис не налаштовано',
  'errors.oauth_state': 'Вхід застарів або вже використаний. Почніть знову',
  'errors.oauth_token': 'Постачальник входу не підтвердив ваш обліковий запис',
  'errors.oauth_no_account': "З цим зовнішнім входом не пов'язано жодного облікового запису",
  'validation.oauth_email_unverified': 'Постачальник не підтвердив цю адресу e-mail',
  'validation.no_phone': 'Немає номера телефону, на який можна подзвонити',
  // Orders: personal requests, client refusals (orders-people)
  'mail.tutor_welcome_subject': 'Вітаємо на {site}! Що далі',
  'mail.tutor_welcome_body':
    'Вітаємо, {name}!\nВаш кабінет репетитора створено. Що далі:\n1. Підтвердіть e-mail і телефон.\n2. Заповніть анкету: предмети й рівні, ціни, місця занять, фото та розповідь про себе.\n3. Перегляньте, як анкету побачать учні, і надішліть її на перевірку.\nМодератор перевіряє анкету зазвичай протягом одного робочого дня; ми напишемо вам, щойно вона з’явиться в каталозі.\nКабінет: {link}',
  'mail.tutor_live_subject': 'Ваша анкета в каталозі',
  'mail.tutor_live_body':
    'Вітаємо, {name}! Модератор схвалив анкету, і учні вже бачать її в каталозі.\nВаша сторінка: {link}',
  'mail.tutor_sent_back_subject': 'Анкету повернуто на доробку',
  'mail.tutor_sent_back_body':
    '{name}, модератор повернув анкету на доробку.\nПричина: {reason}\nВиправте й надішліть на перевірку ще раз: {link}',
  'mail.content_revision_subject': 'Потрібна доробка: {title}',
  'mail.content_revision_body':
    'Модератор повернув на доробку «{title}».\nПричина: {reason}\nВиправте й збережіть ще раз у кабінеті: {link}',
  'mail.personal_order_subject': 'Нова персональна заявка',
  'mail.personal_order_body':
    '{client_name} залишив(ла) вам персональну заявку №{order_id}. Відкрийте кабінет, щоб відповісти: {link}',
  'sms.personal_order': 'Нова персональна заявка №{order_id} від {client_name}. Відповідайте в кабінеті.',
  'errors.no_order_fee':
    'Для цінового діапазону цього замовлення не задано комісію. Задайте її в «Комісії за замовлення» і призначте ще раз.',
  'errors.client_blacklisted': 'Ми не можемо прийняти заявку з цього облікового запису. Зверніться до підтримки.',
  'errors.review_exists': 'Відгук на це замовлення вже залишено',
  // Invoices (server/domain/billing/invoices.ts)
  'invoice.title': 'Рахунок № {number}',
  'invoice.date': 'Дата оплати',
  'invoice.seller': 'Продавець',
  'invoice.buyer': 'Покупець',
  'invoice.tax_id': 'Податковий номер',
  'invoice.iban': 'IBAN',
  'invoice.description': 'Опис',
  'invoice.net': 'Сума без податку',
  'invoice.tax': 'Податок {percent}%',
  'invoice.no_tax': 'Без податку',
  'invoice.total': 'Разом сплачено',
  'invoice.paid_via': 'Спосіб оплати: {provider}',
  'pay.number': 'платіж №{id}',
  'invoice.purpose_wallet': 'Поповнення гаманця',
  'invoice.purpose_order': 'Комісія за заявку №{order}',
  'invoice.purpose_top': 'Розміщення в ТОП, {days} дн.',
  // Site reviews (server/domain/site/public-site-reviews.ts)
  'mail.site_review_subject': 'Підтвердіть ваш відгук',
  'mail.site_review_body':
    '{name}, дякуємо за відгук! Щоб опублікувати його, відкрийте посилання: {link}\nЯкщо ви не залишали відгук, просто проігноруйте цей лист.',
} as const
