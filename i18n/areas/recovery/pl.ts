import type { AreaCatalog } from '../index'

export const recoveryPl = {
  'recovery.step': 'Krok {n} z 3',
  'recovery.login_hint':
    'Podaj e-mail lub telefon, którym logujesz się jako korepetytor, a wyślemy kod do odzyskania hasła.',
  'recovery.code_sent': 'Jeśli istnieje konto korepetytora z {login}, wysłaliśmy na nie kod. Kod jest ważny 30 minut.',
  'recovery.code_field': 'Kod z wiadomości',
  'recovery.check_code': 'Dalej',
  'recovery.change_login': 'Zmień e-mail lub telefon',
  'recovery.resend': 'Wyślij kod ponownie',
  'recovery.resent': 'Kod wysłano ponownie',
  'recovery.password_hint': 'Co najmniej 8 znaków. Po zmianie hasła wszystkie sesje zostaną zakończone.',
  'recovery.new_password': 'Nowe hasło',
  'recovery.confirm_password': 'Powtórz hasło',
  'recovery.save': 'Zapisz hasło',
  'recovery.done': 'Hasło zostało zmienione. Zaloguj się nowym hasłem.',
  'recovery.sign_in': 'Zaloguj się',
} satisfies AreaCatalog<'recovery'>
