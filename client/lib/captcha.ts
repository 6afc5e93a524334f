// The captcha of the request and sign-up forms. POST /recaptcha/get {action} says
// whether one is configured and which: none → no token (the server checks nothing); `local` → the
// answer's token; reCAPTCHA v3 → grecaptcha.execute(site key, {action}); Turnstile → an invisible
// widget's token (a site key of Turnstile's "invisible" widget mode). The providers' scripts load only when a form is sent on a site that uses them.

interface Challenge {
  enabled: boolean
  provider: 'recaptcha' | 'turnstile' | 'local' | null
  site_key: string | null
  action: string
  token: string | null
}

interface Grecaptcha {
  ready(cb: () => void): void
  execute(siteKey: string, o: { action: string }): Promise<string>
}
interface Turnstile {
  render(
    el: HTMLElement,
    o: { sitekey: string; action: string; callback: (t: string) => void; 'error-callback': () => void },
  ): string
  remove(id: string): void
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha
    turnstile?: Turnstile
  }
}

const scripts = new Map<string, Promise<void>>()
function loadScript(src: string): Promise<void> {
  let p = scripts.get(src)
  if (!p) {
    p = new Promise((ok, fail) => {
      const s = document.createElement('script')
      s.src = src
      s.async = true
      s.onload = () => ok()
      s.onerror = () => fail(new Error(`could not load ${src}`))
      document.head.append(s)
    })
    scripts.set(src, p)
  }
  return p
}

/** A token for the form's action, or undefined when the site has no captcha. */
export async function captchaToken(action: 'request' | 'signup'): Promise<string | undefined> {
  const res = await fetch('/recaptcha/get', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action }),
    credentials: 'same-origin',
  })
  const c = ((await res.json()) as { data?: Challenge }).data
  if (!c?.enabled) return undefined
  if (c.provider === 'local') return c.token ?? undefined
  if (c.provider === 'recaptcha' && c.site_key) {
    await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(c.site_key)}`)
    const g = window.grecaptcha!
    await new Promise<void>((ok) => g.ready(ok))
    return g.execute(c.site_key, { action })
  }
  if (c.provider === 'turnstile' && c.site_key) {
    await loadScript('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit')
    const host = document.createElement('div')
    host.hidden = true
    document.body.append(host)
    try {
      return await new Promise<string>((ok, fail) => {
        window.turnstile!.render(host, {
          sitekey: c.site_key!,
          action,
          callback: ok,
          'error-callback': () => fail(new Error('turnstile refused')),
        })
      })
    } finally {
      host.remove()
    }
  }
  return undefined
}
