// /test/english/start (docs/product.md#2-screens-and-routes minimal header and no footer,
// #4-states-and-transitions bands): the English level test. Starting draws 40 questions on the server (grouped by
// section and reading text, options only: the server keeps the key); the chosen options live in local storage keyed by
// the attempt, so a reload keeps them (and the attempt); finishing sends them and shows the server's band
// with a link to English tutors of that level. UI texts in the page's language (area `levelTest`); the
// questions are English.
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'wouter'
import { CURRENT_ATTEMPT_KEY, LEVEL_TEST_MAX, answersStorageKey } from '../../common/level-test'
import type { ExaminationAttempt, ExaminationResult } from '../../common/schemas/public/examination.schema'
import { useAreaText } from '../lib/area-text'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { showError } from '../ui/Banner'
import { StatusBanner } from '../ui/Banner'
import { Button } from '../ui/Button'
import { Card } from '../ui/Card'
import { ConfirmDialog } from '../ui/Dialog'
import { ProgressBar } from '../ui/Progress'
import { PageH1 } from '../lib/page-h1'

type Answers = Record<string, number>

function readJson<T>(key: string): T | null {
  try {
    const v = localStorage.getItem(key)
    return v ? (JSON.parse(v) as T) : null
  } catch {
    return null
  }
}

function forget(attempt: string | null) {
  try {
    localStorage.removeItem(CURRENT_ATTEMPT_KEY)
    if (attempt) localStorage.removeItem(answersStorageKey(attempt))
  } catch {
    /* storage unavailable: nothing kept */
  }
}

export default function LevelTestPage() {
  const lt = useAreaText('levelTest')
  const { edition } = useSite()
  useEffect(() => {
    document.title = `${lt('lt.title')} | ${edition.siteName}`
  }, [lt, edition.siteName])
  const [token, setToken] = useState<string | null>(() =>
    typeof localStorage === 'undefined' ? null : localStorage.getItem(CURRENT_ATTEMPT_KEY),
  )
  const utils = trpc.useUtils()
  const attempt = trpc.public.levelTest.attempt.useQuery(
    { attempt: token ?? '' },
    { enabled: !!token, retry: false, staleTime: Infinity },
  )
  const start = trpc.public.levelTest.start.useMutation({
    onSuccess: (a) => {
      try {
        localStorage.setItem(CURRENT_ATTEMPT_KEY, a.attempt)
      } catch {
        /* kept in memory only */
      }
      utils.public.levelTest.attempt.setData({ attempt: a.attempt }, a)
      setToken(a.attempt)
    },
    onError: showError,
  })
  // A stored attempt that no longer exists (another database, another edition): start afresh.
  useEffect(() => {
    if (token && attempt.isError) {
      forget(token)
      setToken(null)
    }
  }, [token, attempt.isError])
  const again = () => {
    forget(token)
    setToken(null)
    start.mutate({})
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8" data-testid="level-test">
      <StatusBanner />
      <PageH1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{lt('lt.title')}</PageH1>
      {!token ? (
        <Card testId="level-test-intro">
          <p className="mb-2 text-slate-700">{lt('lt.intro')}</p>
          <p className="mb-5 text-sm text-slate-600">{lt('lt.sections')}</p>
          <Button onClick={() => start.mutate({})} disabled={start.isPending} data-testid="level-test-start">
            {start.isPending ? lt('lt.starting') : lt('lt.start')}
          </Button>
        </Card>
      ) : !attempt.data ? (
        <p aria-busy="true" className="text-slate-600">
          {lt('lt.loading')}
        </p>
      ) : attempt.data.result ? (
        <Result result={attempt.data.result} onAgain={again} pending={start.isPending} />
      ) : (
        <Questions
          attempt={attempt.data}
          onDone={(result) =>
            utils.public.levelTest.attempt.setData({ attempt: attempt.data!.attempt }, { ...attempt.data!, result })
          }
        />
      )}
    </div>
  )
}

function Questions({ attempt, onDone }: { attempt: ExaminationAttempt; onDone: (r: ExaminationResult) => void }) {
  const lt = useAreaText('levelTest')
  const key = answersStorageKey(attempt.attempt)
  const [answers, setAnswers] = useState<Answers>(() => readJson<Answers>(key) ?? {})
  const submit = trpc.public.levelTest.submit.useMutation({ onSuccess: onDone, onError: showError })
  useEffect(() => {
    try {
      localStorage.setItem(key, JSON.stringify(answers))
    } catch {
      /* kept in memory only */
    }
  }, [key, answers])
  const ids = useMemo(
    () => attempt.sections.flatMap((s) => s.groups.flatMap((g) => g.questions.map((q) => q.id))),
    [attempt],
  )
  const done = ids.filter((id) => answers[String(id)] !== undefined).length
  const total = attempt.question_count
  const missing = total - done
  const send = () =>
    submit.mutateAsync({
      attempt: attempt.attempt,
      answers: Object.fromEntries(
        ids.flatMap((id) => (answers[String(id)] !== undefined ? [[String(id), answers[String(id)]!]] : [])),
      ),
    })
  let n = 0

  return (
    <>
      <div
        className="sticky top-0 z-10 -mx-4 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur"
        data-testid="level-test-progress"
      >
        <p className="mb-1 text-sm font-medium text-slate-700" aria-live="polite">
          {lt('lt.progress', { done, total })}
        </p>
        <ProgressBar value={(done / Math.max(1, total)) * 100} label={lt('lt.progress', { done, total })} />
      </div>
      {attempt.sections.map((s) => (
        <section
          key={s.section}
          aria-labelledby={`lt-${s.section}`}
          className="flex flex-col gap-4"
          data-testid={`level-test-section-${s.section}`}
        >
          <h2 id={`lt-${s.section}`} className="text-xl font-semibold text-slate-900">
            {lt(`lt.section.${s.section}`)}
          </h2>
          {s.groups.map((g, gi) => (
            <div key={g.text?.id ?? `g${gi}`} className="flex flex-col gap-4">
              {g.text && (
                <article
                  lang="en"
                  className="rounded-xl border border-sky-200 bg-sky-50 p-4"
                  data-testid="level-test-text"
                >
                  <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-sky-900">
                    {lt('lt.read_text')}
                  </p>
                  <h3 className="mb-2 font-semibold text-slate-900">{g.text.title}</h3>
                  <p className="leading-relaxed text-slate-800">{g.text.body}</p>
                </article>
              )}
              {g.questions.map((q) => {
                n += 1
                const chosen = answers[String(q.id)]
                return (
                  <fieldset
                    key={q.id}
                    className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                    data-testid="level-test-question"
                    data-question-id={q.id}
                  >
                    <legend className="sr-only">{lt('lt.question', { n })}</legend>
                    <p className="mb-3 text-slate-900" lang="en">
                      <span className="mr-2 text-sm font-semibold text-slate-500 tabular-nums">{n}.</span>
                      {q.question}
                    </p>
                    <div className="grid gap-2 sm:grid-cols-2" lang="en">
                      {q.options.map((o, i) => (
                        <label
                          // biome-ignore lint/suspicious/noArrayIndexKey: an option is its position (the answer is sent as the index)
                          key={i}
                          className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${chosen === i ? 'border-brand bg-brand/10 font-medium' : 'border-slate-200 hover:bg-slate-50'}`}
                        >
                          <input
                            type="radio"
                            name={`q-${q.id}`}
                            value={i}
                            checked={chosen === i}
                            onChange={() => setAnswers((a) => ({ ...a, [String(q.id)]: i }))}
                            className="h-4 w-4 accent-brand"
                          />
                          <span>{o}</span>
                        </label>
                      ))}
                    </div>
                  </fieldset>
                )
              })}
            </div>
          ))}
        </section>
      ))}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        {missing > 0 ? (
          <ConfirmDialog
            trigger={
              <Button data-testid="level-test-finish" disabled={submit.isPending}>
                {lt('lt.finish')}
              </Button>
            }
            title={lt('lt.unanswered_title', { n: missing })}
            description={lt('lt.unanswered_text')}
            confirm={lt('lt.finish_anyway')}
            cancel={lt('lt.continue')}
            onConfirm={send}
          />
        ) : (
          <Button data-testid="level-test-finish" disabled={submit.isPending} onClick={() => void send()}>
            {lt('lt.finish')}
          </Button>
        )}
        <span className="text-sm text-slate-600">{lt('lt.progress', { done, total })}</span>
      </div>
    </>
  )
}

function Result({ result, onAgain, pending }: { result: ExaminationResult; onAgain: () => void; pending: boolean }) {
  const lt = useAreaText('levelTest')
  const href = useLocalePath()
  const band = result.band === 'not_passed' ? null : result.band
  const label = band?.toUpperCase() ?? ''
  return (
    <Card testId="level-test-result" data-band={result.band}>
      <p className="mb-1 text-sm font-medium uppercase tracking-wide text-slate-500">{lt('lt.result')}</p>
      {band ? (
        <>
          <p className="text-3xl font-bold text-slate-900" data-testid="level-test-band">
            {lt('lt.level', { band: label })}{' '}
            <span className="text-xl font-semibold text-slate-600">· {lt(`lt.band.${band}`)}</span>
          </p>
          <p className="mt-2 text-slate-700" data-testid="level-test-score">
            {lt('lt.score', { score: result.score ?? 0, max: result.max })}
          </p>
          {result.tutor_badge && (
            <p className="mt-2 text-sm text-emerald-800">{lt('lt.badge_saved', { band: label })}</p>
          )}
        </>
      ) : (
        <>
          <p className="text-3xl font-bold text-slate-900" data-testid="level-test-band">
            {lt('lt.not_passed')}
          </p>
          <p className="mt-2 text-slate-700">
            {lt('lt.not_passed_text', { answered: result.answered, max: LEVEL_TEST_MAX })}
          </p>
        </>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        {result.tutors_path && (
          <Link
            href={href(result.tutors_path)}
            className="inline-flex items-center rounded-lg bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand-dark"
            data-testid="level-test-tutors"
          >
            {band ? lt('lt.find_tutors', { band: label }) : lt('lt.find_tutors_any')}
          </Link>
        )}
        <Button variant="secondary" onClick={onAgain} disabled={pending} data-testid="level-test-again">
          {lt('lt.again')}
        </Button>
        {result.tutor_badge && (
          <a
            href={href('/test/english/')}
            className="inline-flex items-center px-2 py-2.5 font-medium text-brand-dark underline underline-offset-2"
            data-testid="level-test-cabinet"
          >
            {lt('lt.back_to_cabinet')}
          </a>
        )}
      </div>
    </Card>
  )
}
