import { useLocation } from 'react-router-dom'
import { Markdown } from '../../components/Markdown'
import { stripLayoutPrefix } from '../../components/navigation/appPath'
import auth from './docs/auth.md?raw'
import privacy from './docs/privacy.md?raw'
import sensitive from './docs/sensitive.md?raw'
import service from './docs/service.md?raw'

const DOCUMENTS: Record<string, string> = { auth, privacy, sensitive, service }

/** The four agreement pages (/protocol/privacy|sensitive|service|auth), rendered from markdown. */
export default function ProtocolPage() {
  const key = stripLayoutPrefix(useLocation().pathname).split('/').pop() ?? ''
  const source = DOCUMENTS[key]
  return (
    <article className="section protocol" data-testid={`protocol-${key}`}>
      <Markdown source={source ?? '未找到该协议。'} />
    </article>
  )
}
