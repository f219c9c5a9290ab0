import { Component, type ErrorInfo, type ReactNode } from 'react'

/** A broken block shows nothing to consumers and logs; the rest of the page keeps working. */
export class BlockBoundary extends Component<
  { type: string; id?: string; children: ReactNode },
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

  render() {
    return this.state.failed ? null : this.props.children
  }
}
