// The live-chat widget (docs/decisions.md#live-chat): its script is added to the page only once the
// visitor accepted cookies (now or on an earlier visit); editions that never ask (consent mode none)
// load it after the page. Nothing is loaded when the deployment configured no provider: the server
// then hands no config (client/lib/initial-state.ts) and this chunk is never fetched.
import { EDITIONS, type EditionCode } from '../../common/editions'
import { LIVECHAT_PROVIDERS, type LiveChatConfig } from '../../common/live-chat'
import { CONSENT_EVENT, storedConsent } from './consent'

function inject(config: LiveChatConfig) {
  if (document.querySelector('script[data-live-chat]')) return
  const script = document.createElement('script')
  script.src = LIVECHAT_PROVIDERS[config.provider].script(config.id)
  script.async = true
  script.dataset.liveChat = config.provider
  document.body.appendChild(script)
}

export function startLiveChat(config: LiveChatConfig, edition: EditionCode) {
  if (EDITIONS[edition].consentMode === 'none' || storedConsent()?.accept) {
    inject(config)
    return
  }
  const onChoice = (e: Event) => {
    if (!(e as CustomEvent<{ accept: boolean }>).detail.accept) return
    window.removeEventListener(CONSENT_EVENT, onChoice)
    inject(config)
  }
  window.addEventListener(CONSENT_EVENT, onChoice)
}
