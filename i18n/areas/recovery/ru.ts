import type { AreaCatalog } from '../index'

export const recoveryRu = {
  'recovery.step': 'Шаг {n} из 3',
  'recovery.login_hint':
    'Укажите e-mail или телефон, с которым вы входите как репетитор, и мы отправим код для восстановления пароля.',
  'recovery.code_sent': 'Если есть аккаунт репетитора с {login}, мы отправили на него код. Код действует 30 минут.',
  'recovery.code_field': 'Код из сообщения',
  'recovery.check_code': 'Далее',
  'recovery.change_login': 'Изменить e-mail или телефон',
  'recovery.resend': 'Отправить код ещё раз',
  'recovery.resent': 'Код отправлен ещё раз',
  'recovery.password_hint': 'От 8 символов. После смены пароля все сеансы будут завершены.',
  'recovery.new_password': 'Новый пароль',
  'recovery.confirm_password': 'Повторите пароль',
  'recovery.save': 'Сохранить пароль',
  'recovery.done': 'Пароль изменён. Войдите с новым паролем.',
  'recovery.sign_in': 'Войти',
} satisfies AreaCatalog<'recovery'>
