import ReactMarkdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'

const SAFE_LINK = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i

/** Keeps only http(s), mailto, tel and in-site links; anything else (javascript:, data:, //host) is dropped. */
export function safeUrl(url: string): string {
  return SAFE_LINK.test(url.trim()) ? url : ''
}

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
