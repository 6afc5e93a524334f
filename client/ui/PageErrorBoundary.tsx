// What a page shows when its code fails while drawing (a bug, or a chunk that would not load even after
// the reload of client/lib/stale-chunks.ts): a message and a way to load the page again, instead of an
// empty page (React unmounts the whole tree on an error nothing catches). The next in-app navigation
// (a new `resetKey`) draws that page afresh.
import { Component, type ReactNode } from 'react'

interface Props {
  resetKey: string
  fallback: ReactNode
  children: ReactNode
}

export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidUpdate(prev: Props) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false })
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
