// The vacancies section of /panel/pages_show (our staff calls /admin/vacancies/get,
// /admin/vacancy/{get,create,save,delete}, docs/decisions.md): the edition's vacancies, create and edit in a dialog
// (title, HTML text and city per language, kind of employment, remote, order, active), switch on/off,
// delete. The server sanitises the HTML (server/domain/content/vacancies.ts).
import { useState } from 'react'
import type { Locale } from '../../common/editions'
import type { Vacancy } from '../../common/schemas/admin/videos.schema'
import { EMPLOYMENT_KINDS } from '../../common/media-texts'
import { localePath } from '../../common/editions'
import { EditorActions } from './EditorActions'
import { ContentListPage, LANGUAGE, yesNo } from './ContentListPage'
import { type PT, announceAndRefresh, useLocale, usePT } from './text'
import { Form, FormCheckbox, FormSelect, FormTextArea, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import type { Column } from '../ui/Table'
import { trpc } from '../lib/trpc'
import { useSite } from '../lib/site'

type Texts = Partial<Record<Locale, string>>
function VacancyForm({ row, pt, onDone }: { row: Vacancy | null; pt: PT; onDone: () => void }) {
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const c = utils.client.admin.vacancies
  const each = (m: Texts | undefined): Texts => Object.fromEntries(edition.locales.map((l) => [l, m?.[l] ?? '']))
  const defaults = {
    titles: each(row?.titles),
    texts: each(row?.texts),
    cities: each(row?.cities),
    employment: row?.employment ?? 'PART_TIME',
    remote: row?.remote ?? false,
    sort: String(row?.sort ?? 0),
    active: row?.active ?? true,
  }
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/admin/videos.schema').then((m) => m.ZVacancyFields),
    {
      defaults,
      action: (v) => {
        const vacancy = { ...v, employment: v.employment as Vacancy['employment'] }
        return row ? c.save.mutate({ id: row.id, vacancy }) : c.create.mutate({ vacancy })
      },
      success: row ? pt('p.saved') : pt('vc.created'),
      onDone: async () => {
        await utils.admin.vacancies.list.invalidate()
        onDone()
      },
    },
  )
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4" data-testid="vacancy-form">
      {edition.locales.map((l) => (
        <fieldset
          key={l}
          className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3"
          data-testid={`vc-lang-${l}`}
        >
          <legend className="px-1 text-sm font-semibold text-slate-700">{LANGUAGE[l]}</legend>
          <FormTextField size="sm" name={`titles.${l}`} id={`vc-title-${l}`} label={pt('vc.title')} />
          <FormTextField size="sm" name={`cities.${l}`} id={`vc-city-${l}`} label={pt('vc.city')} />
          <FormTextArea
            size="sm"
            rows={6}
            name={`texts.${l}`}
            id={`vc-text-${l}`}
            label={pt('vc.text')}
            hint={pt('sp.text_hint')}
            className="font-mono text-xs"
          />
        </fieldset>
      ))}
      <div className="grid grid-cols-2 gap-3">
        <FormSelect size="sm" name="employment" id="vc-employment" label={pt('vc.employment')}>
          {EMPLOYMENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {pt(`vc.kind.${k}`)}
            </option>
          ))}
        </FormSelect>
        <FormTextField size="sm" name="sort" id="vc-sort" label={pt('vd.sort')} inputMode="numeric" />
        <FormCheckbox name="remote" label={pt('vc.remote')} />
        <FormCheckbox name="active" label={pt('vd.active')} />
      </div>
      <EditorActions pt={pt} pending={pending} onCancel={onDone} saveTestId="vacancy-save" />
    </Form>
  )
}

export function VacanciesPanel() {
  const pt = usePT()
  const locale = useLocale()
  const { edition } = useSite()
  const utils = trpc.useUtils()
  const [page, setPage] = useState(1)
  const list = trpc.admin.vacancies.list.useQuery({ page }, { placeholderData: (prev) => prev })
  const refresh = () => utils.admin.vacancies.list.invalidate()
  const toggle = trpc.admin.vacancies.save.useMutation(announceAndRefresh(pt('p.saved'), refresh))
  const del = trpc.admin.vacancies.delete.useMutation(announceAndRefresh(pt('vc.deleted'), refresh))
  const name = (r: Vacancy) => r.titles[locale] || r.titles[edition.defaultLocale] || `#${r.id}`
  const title = pt('vc.section')

  const columns: Column<Vacancy>[] = [
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-16',
    },
    {
      key: 'title',
      header: pt('vc.title'),
      cell: (r) => (
        <a
          href={localePath(edition, edition.defaultLocale, `/vacancy/${r.id}/`)}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-dark underline underline-offset-2"
        >
          {name(r)}
        </a>
      ),
    },
    {
      key: 'kind',
      header: pt('vc.employment'),
      cell: (r) => `${pt(`vc.kind.${r.employment}`)}${r.remote ? ` · ${pt('vc.remote')}` : ''}`,
    },
    { key: 'active', header: pt('vd.active'), cell: (r) => yesNo(pt, r.active) },
  ]

  return (
    <section className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="vacancies-panel">
      <ContentListPage
        pt={pt}
        title={title}
        section
        testId="vacancy"
        list={list}
        page={page}
        onPage={setPage}
        columns={columns}
        labels={{ create: pt('vc.create'), edit: () => pt('vc.edit') }}
        form={(row, onDone) => <VacancyForm row={row} pt={pt} onDone={onDone} />}
        toggle={{
          busy: toggle.isPending,
          onToggle: (r) => toggle.mutate({ id: r.id, vacancy: { active: !r.active } }),
        }}
        remove={{ title: () => pt('vc.delete_q'), description: name, onConfirm: (r) => del.mutateAsync({ id: r.id }) }}
      />
    </section>
  )
}
