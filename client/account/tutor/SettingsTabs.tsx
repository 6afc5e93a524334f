// The sub-navigation of /settings (the tutor's settings and /settings/billing).
import { LinkTabs } from '../../ui/Tabs'
import { useAreaText } from '../../lib/area-text'
import { useLocalePath } from '../../lib/paths'

/** The sub-navigation of /settings: the settings themselves and the billing data. */
export function SettingsTabs({ current }: { current: 'settings' | 'billing' }) {
  const at = useAreaText('billing')
  const href = useLocalePath()
  const tabs = [
    { key: 'settings', href: href('/settings'), label: at('billing.nav_settings') },
    { key: 'billing', href: href('/settings/billing'), label: at('billing.nav_billing') },
  ]
  return <LinkTabs tabs={tabs} current={current} label={at('billing.nav_label')} />
}
