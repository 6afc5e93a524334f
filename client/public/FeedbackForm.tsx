// The feedback form of the contacts page (StaticPage.tsx, alias `contacts`), a chunk of its own:
// POST /client/send_feedback_email {feedback: {name?, email, text}} e-mails the edition's support
// address (server/domain/content/feedback.ts); the procedure's schema checks it in the browser too.
import { useState } from 'react'
import { mediaTexts } from '../../common/media-texts'
import type { TFeedbackFields } from '../../common/schemas/admin/videos.schema'
import { Form, FormTextArea, FormTextField, Submit } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { Card } from '../ui/Card'
import { useMounted, useSite } from '../lib/site'
import { trpc } from '../lib/trpc'

export default function FeedbackForm() {
  const { t, locale } = useSite()
  const m = mediaTexts(locale)
  const mounted = useMounted()
  const send = trpc.public.media.sendFeedback.useMutation()
  const [sent, setSent] = useState(false)
  const defaults: TFeedbackFields = { name: '', email: '', text: '' }
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/videos.schema').then((s) => s.ZFeedbackFields),
    {
      defaults,
      action: (values) => send.mutateAsync({ feedback: values }),
      success: m.feedback_sent,
      onDone: () => {
        setSent(true)
        form.reset(defaults)
      },
    },
  )
  return (
    <Card title={m.feedback_title} id="feedback" testId="feedback-card" className="mt-6">
      {sent ? (
        <p
          role="status"
          data-testid="feedback-sent"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-900"
        >
          {m.feedback_sent}
        </p>
      ) : (
        <Form form={form} onSubmit={submit} data-testid="feedback-form">
          <FormTextField name="name" id="feedback-name" label={m.feedback_name} autoComplete="name" maxLength={100} />
          <FormTextField
            name="email"
            id="feedback-email"
            type="email"
            label={t('auth.email')}
            autoComplete="email"
            maxLength={254}
          />
          <FormTextArea name="text" id="feedback-text" rows={5} label={m.feedback_text} maxLength={5000} />
          <Submit pending={pending} disabled={!mounted} className="mt-1 self-start px-6 py-2.5">
            {m.feedback_submit}
          </Submit>
        </Form>
      )}
    </Card>
  )
}
