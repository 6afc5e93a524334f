// Query parameters any page may carry (docs/product.md#2-screens-and-routes): `ak` signs a client in by token and is
// removed from the address; `confirmation_code` confirms a tutor's e-mail — success goes to /profile/,
// failure adds `code_error` to the address. Loaded only when one of them is present (App.tsx).
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { showError } from '../ui/Banner'
import { trpc } from '../lib/trpc'

export default function LinkParams() {
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const queryClient = useQueryClient()
  const loginByToken = trpc.auth.client.loginByToken.useMutation()
  const confirmEmail = trpc.auth.tutor.confirmEmail.useMutation()
  const done = useRef(false)

  useEffect(() => {
    if (done.current) return
    done.current = true
    const url = new URL(window.location.href)
    const token = url.searchParams.get('ak')
    const code = url.searchParams.get('confirmation_code')
    url.searchParams.delete('ak')
    url.searchParams.delete('confirmation_code')
    const rest = () => url.pathname + url.search + url.hash
    // The secrets leave the address (and so the history and referrers) before anything else.
    window.history.replaceState(window.history.state, '', rest())
    if (token)
      loginByToken
        .mutateAsync({ auth_token: token })
        .then(() => utils.auth.role.get.invalidate())
        .catch(showError)
    if (code)
      confirmEmail
        .mutateAsync({ confirmation_code: code })
        // Everything shown so far (the cabinet's e-mail state) was read before the confirmation, and a
        // read still on its way may have been answered before it too: those are dropped, then
        // everything is read again.
        .then(async () => {
          await queryClient.cancelQueries()
          await queryClient.invalidateQueries()
          navigate('/profile/')
        })
        .catch(() => {
          url.searchParams.set('code_error', '1')
          navigate(rest(), { replace: true })
        })
  }, [confirmEmail, loginByToken, navigate, queryClient, utils])
  return null
}
