// The "leave a review" form of /reviews (ReviewsPage.tsx), a chunk of its own: the procedure's own
// schema checks it in the browser, a 422 lands under the fields, and the success says to check the
// e-mail (the review is published only from the e-mailed link).
import { useState } from 'react'
import type { TSiteReviewFields } from '../../common/schemas/site.schema'
import { FieldError, MarkInput, errorAt } from '../ui/Field'
import { Form, FormTextArea, FormTextField, Submit } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import { Button } from '../ui/Button'
import { Card } from '../ui/Card'
import { useMounted, useSite } from '../lib/site'
import { trpc } from '../lib/trpc'

const schemas = () => import('../../common/schemas/site.schema')

/** The "leave a review" form: kept inactive until confirmed from the e-mail, which the success says. */
export default function ReviewForm() {
  const { t } = useSite()
  // Rendered by the server: before hydration a submit would be the browser's own GET.
  const mounted = useMounted()
  const create = trpc.public.site.createReview.useMutation()
  const [sent, setSent] = useState(false)
  const defaults: TSiteReviewFields = { name: '', email: '', text: '', mark: 5 }
  const { form, submit, pending } = useActionForm(() => schemas().then((m) => m.ZSiteReviewFields), {
    defaults,
    action: (values) => create.mutateAsync({ site_review: values }),
    success: t('site_reviews.sent'),
    onDone: () => {
      setSent(true)
      form.reset(defaults)
    },
  })
  return (
    <Card title={t('site_reviews.form_title')} id="review-form" testId="review-form-card">
      {sent ? (
        <div className="flex flex-col gap-3">
          <p
            role="status"
            data-testid="review-sent"
            className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-900"
          >
            {t('site_reviews.sent')}
          </p>
          <Button variant="secondary" onClick={() => setSent(false)}>
            {t('site_reviews.write_another')}
          </Button>
        </div>
      ) : (
        <Form form={form} onSubmit={submit} data-testid="review-form">
          <FormTextField
            name="name"
            id="review-name"
            label={t('site_reviews.name')}
            autoComplete="name"
            maxLength={100}
          />
          <FormTextField
            name="email"
            id="review-email"
            type="email"
            label={t('auth.email')}
            autoComplete="email"
            maxLength={254}
            hint={t('site_reviews.email_hint')}
          />
          <MarkInput
            value={Number(form.watch('mark'))}
            onChange={(v) => form.setValue('mark', v, { shouldValidate: form.formState.isSubmitted })}
            label={t('site_reviews.mark')}
          />
          <FieldError id="review-mark-error" message={errorAt(form.formState.errors, 'mark')} />
          <FormTextArea name="text" id="review-text" rows={5} label={t('site_reviews.text')} maxLength={3000} />
          <Submit pending={pending} disabled={!mounted} className="mt-1 w-full py-2.5">
            {t('site_reviews.submit')}
          </Submit>
        </Form>
      )}
    </Card>
  )
}
