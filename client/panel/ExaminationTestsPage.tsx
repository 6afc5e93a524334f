// /panel/examination_tests: the English level test's question bank (our /admin paths,
// docs/decisions.md). The list by section (the filter in the address), each question with its options and the
// correct one marked; create and edit in a dialog (section, reading text, question, options, the
// correct option, shown in tests or not), switch on/off, delete. Attempts already started keep the key
// they drew (server/domain/content/level-test.ts).
import { useState } from 'react'
import { LEVEL_TEST_SECTIONS } from '../../common/level-test'
import type { BankQuestion } from '../../common/schemas/public/examination.schema'
import { EditorActions } from './EditorActions'
import { actionsColumn, ActiveToggle, PanelList, RowActions, useUrlFilters } from './PanelList'
import { type PT, announceAndRefresh, usePT } from './text'
import { Badge } from '../ui/Badge'
import { Select } from '../ui/Field'
import { Form, FormCheckbox, FormSelect, FormTextArea, FormTextField } from '../ui/form/Form'
import { useActionForm } from '../ui/form/use-action-form'
import type { Column } from '../ui/Table'
import { trpc } from '../lib/trpc'

const LETTERS = 'ABCDEF'
const sectionKey = (s: string) => `et.section.${s}` as 'et.section.grammar'

function QuestionForm({
  row,
  texts,
  pt,
  onDone,
}: {
  row: BankQuestion | null
  texts: { id: number; title: string }[]
  pt: PT
  onDone: () => void
}) {
  const utils = trpc.useUtils()
  const c = utils.client.admin.levelTest
  const count = Math.max(4, row?.options.length ?? 0)
  const defaults = {
    related_section: row?.related_section ?? 'grammar',
    related_text_id: row?.related_text_id ? String(row.related_text_id) : '',
    question: row?.question ?? '',
    options: Array.from({ length: count }, (_, i) => row?.options[i] ?? ''),
    correct_answer: String(row?.correct_answer ?? 0),
    active: row?.active ?? true,
  }
  const { form, submit, pending } = useActionForm(
    () => import('../../common/schemas/public/examination.schema').then((m) => m.ZQuestionFields),
    {
      defaults,
      action: (v) => {
        const question = { ...v, related_text_id: v.related_section === 'reading' ? v.related_text_id : '' }
        return row ? c.save.mutate({ id: row.id, question }) : c.create.mutate({ question })
      },
      success: row ? pt('p.saved') : pt('et.created'),
      onDone: async () => {
        await utils.admin.levelTest.list.invalidate()
        onDone()
      },
    },
  )
  const reading = form.watch('related_section') === 'reading'
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-3" data-testid="question-form">
      <div className="grid grid-cols-2 gap-3">
        <FormSelect
          size="sm"
          name="related_section"
          id="et-section"
          label={pt('et.section')}
          options={LEVEL_TEST_SECTIONS.map((s) => ({ value: s, text: pt(sectionKey(s)) }))}
        />
        {reading && (
          <FormSelect
            size="sm"
            name="related_text_id"
            id="et-text"
            label={pt('et.text')}
            options={[{ value: '', text: '—' }, ...texts.map((t) => ({ value: String(t.id), text: t.title }))]}
          />
        )}
      </div>
      <FormTextArea
        size="sm"
        rows={2}
        name="question"
        id="et-question"
        label={pt('et.question')}
        hint={pt('et.question_hint')}
      />
      <div className="grid gap-2 sm:grid-cols-2">
        {defaults.options.map((_, i) => (
          <FormTextField
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed number of option fields, named by position
            key={i}
            size="sm"
            name={`options.${i}`}
            id={`et-option-${i}`}
            label={pt('et.option', { letter: LETTERS[i]! })}
            autoComplete="off"
          />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormSelect
          size="sm"
          name="correct_answer"
          id="et-correct"
          label={pt('et.correct')}
          options={defaults.options.map((_, i) => ({ value: String(i), text: LETTERS[i]! }))}
        />
        <div className="flex items-end">
          <FormCheckbox name="active" label={pt('et.active')} />
        </div>
      </div>
      <EditorActions pt={pt} pending={pending} onCancel={onDone} saveTestId="question-save" />
    </Form>
  )
}

const NO_FILTERS = { section: '' }

export function ExaminationTestsPage({ title }: { title: string }) {
  const pt = usePT()
  const utils = trpc.useUtils()
  const f = useUrlFilters(NO_FILTERS)
  const [editing, setEditing] = useState<BankQuestion | 'new' | null>(null)
  const section = LEVEL_TEST_SECTIONS.find((s) => s === f.filters.section)
  const list = trpc.admin.levelTest.list.useQuery(
    { page: f.page, ...(section ? { section } : {}) },
    { placeholderData: (prev) => prev },
  )
  const refresh = () => utils.admin.levelTest.list.invalidate()
  const toggle = trpc.admin.levelTest.save.useMutation(announceAndRefresh(pt('p.saved'), refresh))
  const del = trpc.admin.levelTest.delete.useMutation(announceAndRefresh(pt('et.deleted'), refresh))
  const texts = list.data?.texts ?? []
  const counts = list.data?.counts

  const columns: Column<BankQuestion>[] = [
    {
      key: 'id',
      header: pt('p.id'),
      cell: (r) => <span className="text-slate-500 tabular-nums">{r.id}</span>,
      className: 'w-14',
    },
    {
      key: 'section',
      header: pt('et.section'),
      cell: (r) => (
        <div className="flex flex-col gap-0.5">
          <span>{pt(sectionKey(r.related_section))}</span>
          {r.text_title && <span className="text-xs text-slate-500">{r.text_title}</span>}
        </div>
      ),
    },
    {
      key: 'question',
      header: pt('et.question'),
      cell: (r) => (
        <div className="flex max-w-xl flex-col gap-1">
          <span className="font-medium">{r.question}</span>
          <ol className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-slate-700">
            {r.options.map((o, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: an option is its position (the correct answer is an index)
                key={i}
                className={i === r.correct_answer ? 'font-semibold text-green-800' : ''}
                data-correct={i === r.correct_answer || undefined}
              >
                {LETTERS[i]}. {o}
                {i === r.correct_answer ? ' ✓' : ''}
              </li>
            ))}
          </ol>
        </div>
      ),
    },
    {
      key: 'active',
      header: pt('et.active'),
      cell: (r) =>
        r.active ? (
          <Badge tone="green" pill>
            {pt('p.yes')}
          </Badge>
        ) : (
          <Badge tone="grey" pill>
            {pt('p.no')}
          </Badge>
        ),
    },
    actionsColumn(pt, (r) => (
      <RowActions
        pt={pt}
        testId={`question-actions-${r.id}`}
        onEdit={() => setEditing(r)}
        remove={{ title: pt('et.delete_q'), description: r.question, onConfirm: () => del.mutateAsync({ id: r.id }) }}
      >
        <ActiveToggle
          pt={pt}
          active={r.active}
          busy={toggle.isPending}
          onToggle={() =>
            toggle.mutate({
              id: r.id,
              question: {
                related_section: r.related_section,
                related_text_id: r.related_text_id ?? undefined,
                question: r.question,
                options: r.options,
                correct_answer: r.correct_answer,
                active: !r.active,
              },
            })
          }
        />
      </RowActions>
    )),
  ]

  return (
    <>
      <PanelList
        pt={pt}
        title={title}
        create={{ label: pt('et.create'), onClick: () => setEditing('new'), testId: 'question-create' }}
        filters={{
          onApply: () => f.apply(),
          onReset: () => f.reset(),
          fields: (
            <Select
              size="sm"
              id="etf-section"
              label={pt('et.section')}
              value={f.draft.section}
              onChange={(e) => f.set('section')(e.target.value)}
              options={[
                { value: '', text: pt('p.any') },
                ...LEVEL_TEST_SECTIONS.map((s) => ({
                  value: s,
                  text: `${pt(sectionKey(s))}${counts ? ` (${counts[s]})` : ''}`,
                })),
              ]}
            />
          ),
        }}
        editor={
          editing && {
            dialog: true,
            title: editing === 'new' ? pt('et.create') : pt('et.edit', { id: editing.id }),
            testId: 'question-editor',
            onClose: () => setEditing(null),
            content: (
              <QuestionForm
                key={editing === 'new' ? 'new' : editing.id}
                row={editing === 'new' ? null : editing}
                texts={texts}
                pt={pt}
                onDone={() => setEditing(null)}
              />
            ),
          }
        }
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        page={f.page}
        onPage={f.setPage}
      />
      <p className="mt-3 text-sm text-slate-600">{pt('et.draw_note')}</p>
    </>
  )
}
