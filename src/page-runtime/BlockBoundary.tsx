import { Component, type ErrorInfo, type ReactNode } from 'react'

/**
 * A broken block shows nothing to consumers and logs; the rest of the page keeps working. In a preview
 * (`showError`) staff see a notice in its place; a new config of the block (`resetKey`) tries it again.
 */
export class BlockBoundary extends Component<
  { type: string; id?: string; showError?: boolean; resetKey?: unknown; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(
      `[page-runtime] block "${this.props.type}"${this.props.id ? ` #${this.props.id}` : ''} failed`,
      error,
      info.componentStack,
    )
  }

  componentDidUpdate(previous: { resetKey?: unknown }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false })
  }

  render() {
    if (!this.state.failed) return this.props.children
    return this.props.showError ? (
      <div className="cp-block-error" role="alert">
        该区块（{this.props.type}
        {this.props.id ? ` #${this.props.id}` : ''}）无法显示
      </div>
    ) : null
  }
}
