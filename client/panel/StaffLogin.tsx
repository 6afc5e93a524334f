// The staff sign-in: what the panel shows to anybody without a staff session (the panel's guard in
// the route table, common/routes.ts).
import { Button } from '../ui/Button'
import { errorAt } from '../ui/Field'
import { TextField } from '../ui/TextField'
import { Form } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { trpc } from '../lib/trpc'
import type { PanelText } from './panel-text'

export function StaffLogin({ pt, ptr }: { pt: PanelText; ptr: (text: string) => string }) {
  const utils = trpc.useUtils()
  const login = trpc.auth.staff.login.useMutation()
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/auth/sign-in.schema').then((m) => m.ZStaffLogin),
    {
      defaults: { email: '', password: '' },
      action: (v) => login.mutateAsync(v),
      onDone: async (data) => {
        utils.auth.role.get.setData(undefined, data)
        await utils.auth.role.get.invalidate()
      },
    },
  )
  // The messages in the panel's language, which may differ from the page's.
  const message = (name: string) => {
    const m = errorAt(form.formState.errors, name)
    return m ? ptr(m) : undefined
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
        <h1 className="mb-6 text-xl font-bold text-slate-900">{pt('panel.login_title')}</h1>
        <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            id="staff-email"
            type="email"
            label={pt('panel.email')}
            autoComplete="username"
            error={message('email')}
            {...form.register('email')}
          />
          <TextField
            id="staff-password"
            type="password"
            label={pt('panel.password')}
            autoComplete="current-password"
            error={message('password')}
            {...form.register('password')}
          />
          <Button type="submit" disabled={pending} className="w-full py-2.5">
            {pt('panel.submit')}
          </Button>
        </Form>
      </div>
    </main>
  )
}
