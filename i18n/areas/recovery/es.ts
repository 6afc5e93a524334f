import type { AreaCatalog } from '../index'

export const recoveryEs = {
  'recovery.step': 'Paso {n} de 3',
  'recovery.login_hint':
    'Indica el e-mail o teléfono con el que entras como profesor y te enviaremos un código para restablecer la contraseña.',
  'recovery.code_sent':
    'Si hay una cuenta de profesor con {login}, le hemos enviado un código. El código es válido 30 minutos.',
  'recovery.code_field': 'Código del mensaje',
  'recovery.check_code': 'Siguiente',
  'recovery.change_login': 'Cambiar e-mail o teléfono',
  'recovery.resend': 'Enviar el código otra vez',
  'recovery.resent': 'Código enviado otra vez',
  'recovery.password_hint': 'Al menos 8 caracteres. Al cambiar la contraseña se cierran todas las sesiones.',
  'recovery.new_password': 'Nueva contraseña',
  'recovery.confirm_password': 'Repite la contraseña',
  'recovery.save': 'Guardar contraseña',
  'recovery.done': 'Contraseña cambiada. Inicia sesión con la nueva contraseña.',
  'recovery.sign_in': 'Iniciar sesión',
} satisfies AreaCatalog<'recovery'>
