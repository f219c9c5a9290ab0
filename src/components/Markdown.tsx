import ReactMarkdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { safeUrl } from '../page-config/safeUrl'

// One rule for build-time and runtime markdown links (src/page-config/safeUrl.ts).
export { safeUrl }

const components: Components = {
  a: ({ href, children }) =>
    href && safeUrl(href) ? (
      <a href={href} {...(/^https?:/i.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
}

/** Markdown without raw HTML: react-markdown escapes HTML unless a rehype-raw plugin is added (never). */
export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <div className={['markdown', className].filter(Boolean).join(' ')}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={safeUrl} components={components}>
        {source}
      </ReactMarkdown>
    </div>
  )
}
