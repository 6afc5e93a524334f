// The live-chat providers an operator may configure (LIVECHAT_PROVIDER, LIVECHAT_ID; server/env.ts):
// the widget's script address and the origins the widget loads from and talks to, which the pages'
// CSP allows only when that provider is configured (server/http/security.ts). docs/decisions.md#live-chat.
export const LIVECHAT_PROVIDERS = {
  // LIVECHAT_ID: the property and widget ids, `64f0c0ffee/1h2ab3cd`.
  tawk: {
    script: (id: string) => `https://embed.tawk.to/${id}`,
    origins: ['https://embed.tawk.to', 'https://*.tawk.to'],
    sockets: ['wss://*.tawk.to'],
  },
  // LIVECHAT_ID: the widget id, `AbCdEf1234`.
  jivo: {
    script: (id: string) => `https://code.jivosite.com/widget/${id}`,
    origins: ['https://code.jivosite.com', 'https://*.jivosite.com'],
    sockets: ['wss://*.jivosite.com'],
  },
} as const

export type LiveChatProvider = keyof typeof LIVECHAT_PROVIDERS
export const LIVECHAT_PROVIDER_NAMES = Object.keys(LIVECHAT_PROVIDERS) as [LiveChatProvider, ...LiveChatProvider[]]

/** What the page needs to load the widget: set only for editions with live chat and a configured provider. */
export interface LiveChatConfig {
  provider: LiveChatProvider
  id: string
}
