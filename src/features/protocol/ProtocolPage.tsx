import { useLocation } from 'react-router-dom'
import { AnalyticsSwitch } from '../../components/AnalyticsSwitch'
import { MarkdownTree } from '../../components/MarkdownTree'
import type { MarkdownNode } from '../../page-config/markdownTree'
import { stripLayoutPrefix } from '../../components/navigation/appPath'
import auth from './docs/auth.md?tree'
import privacy from './docs/privacy.md?tree'
import sensitive from './docs/sensitive.md?tree'
import service from './docs/service.md?tree'

const DOCUMENTS: Record<string, MarkdownNode[]> = { auth, privacy, sensitive, service }

/** The four agreement pages (/protocol/privacy|sensitive|service|auth), from markdown compiled at build time. */
export default function ProtocolPage() {
  const key = stripLayoutPrefix(useLocation().pathname).split('/').pop() ?? ''
  const source = DOCUMENTS[key]
  return (
    <article className="section protocol" data-testid={`protocol-${key}`}>
      <div className="markdown">{source ? <MarkdownTree nodes={source} /> : <p>未找到该协议。</p>}</div>
      {/* The policy's 统计分析 section says it can be turned off here, by anyone, logged in or not. */}
      {key === 'privacy' && <AnalyticsSwitch />}
    </article>
  )
}
