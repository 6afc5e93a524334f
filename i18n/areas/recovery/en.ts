import type { AreaCatalog } from '../index'

export const recoveryEn = {
  'recovery.step': 'Step {n} of 3',
  'recovery.login_hint':
    'Enter the e-mail or phone you sign in with as a tutor and we will send you a code to reset your password.',
  'recovery.code_sent':
    'If there is a tutor account with {login}, we have sent it a code. The code is valid for 30 minutes.',
  'recovery.code_field': 'Code from the message',
  'recovery.check_code': 'Next',
  'recovery.change_login': 'Change e-mail or phone',
  'recovery.resend': 'Send the code again',
  'recovery.resent': 'The code has been sent again',
  'recovery.password_hint': 'At least 8 characters. Changing the password signs you out everywhere.',
  'recovery.new_password': 'New password',
  'recovery.confirm_password': 'Repeat the password',
  'recovery.save': 'Save password',
  'recovery.done': 'Your password has been changed. Sign in with the new password.',
  'recovery.sign_in': 'Sign in',
} satisfies AreaCatalog<'recovery'>
