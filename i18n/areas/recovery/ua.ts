// The password recovery page's messages in Ukrainian (client/public/RecoveryPage.tsx): the source of
// the area's keys (i18n/areas/index.ts). An area of its own keeps them out of the size-capped page
// catalogs that every public page loads.
export const recoveryUa = {
  'recovery.step': 'Крок {n} з 3',
  'recovery.login_hint':
    'Вкажіть e-mail або телефон, з яким ви входите як репетитор, і ми надішлемо код для відновлення пароля.',
  'recovery.code_sent': 'Якщо є акаунт репетитора з {login}, ми надіслали на нього код. Код діє 30 хвилин.',
  'recovery.code_field': 'Код із повідомлення',
  'recovery.check_code': 'Далі',
  'recovery.change_login': 'Змінити e-mail або телефон',
  'recovery.resend': 'Надіслати код ще раз',
  'recovery.resent': 'Код надіслано ще раз',
  'recovery.password_hint': 'Від 8 символів. Після зміни пароля всі сеанси буде завершено.',
  'recovery.new_password': 'Новий пароль',
  'recovery.confirm_password': 'Повторіть пароль',
  'recovery.save': 'Зберегти пароль',
  'recovery.done': 'Пароль змінено. Увійдіть з новим паролем.',
  'recovery.sign_in': 'Увійти',
}
