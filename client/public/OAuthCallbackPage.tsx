// Where the OpenID provider sends the browser back (/oauth/callback/{tutor|client|admin}?code&state):
// the code and state go to the role's oauth/login; then on to that role's start page.
import { useEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { errorParts } from '../lib/api-errors'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import type { PageProps } from '../pages'

const START_PAGE = { tutor: '/profile/', client: '/client_orders', admin: '/panel/' } as const
const LOGIN_PAGE = { tutor: '/login', client: '/client-login', admin: '/panel/' } as const

export function OAuthCallbackPage({ page }: PageProps) {
  const role = page.path.split('/').pop() as keyof typeof START_PAGE
  const search = useSearch()
  const [, navigate] = useLocation()
  const { t, tr } = useSite()
  const utils = trpc.useUtils()
  const tutor = trpc.auth.oauth.tutor.login.useMutation()
  const client = trpc.auth.oauth.client.login.useMutation()
  const staff = trpc.auth.oauth.staff.login.useMutation()
  const [error, setError] = useState<string | null>(null)
  const sent = useRef(false)

  useEffect(() => {
    if (sent.current) return
    sent.current = true
    const params = new URLSearchParams(search)
    const input = { code: params.get('code') ?? '', state: params.get('state') ?? '' }
    const login = role === 'tutor' ? tutor : role === 'client' ? client : staff
    login
      .mutateAsync(input)
      .then(async () => {
        await utils.auth.role.get.invalidate()
        navigate(START_PAGE[role], { replace: true })
      })
      .catch((err: unknown) => setError(errorParts(err).map(tr).join(': ')))
  }, [client, navigate, role, search, staff, tr, tutor, utils])

  return (
    <main className="mx-auto max-w-md p-8 text-center">
      {error ? (
        <>
          <p role="alert" className="text-red-700">
            {error}
          </p>
          <a className="mt-4 inline-block text-brand underline" href={LOGIN_PAGE[role]}>
            {t('header.login')}
          </a>
        </>
      ) : (
        <p aria-busy="true">{t('common.loading')}</p>
      )}
    </main>
  )
}
