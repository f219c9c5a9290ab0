import ReactMarkdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { isAllowedImage } from '../page-config/allowedUrls'
import { safeUrl } from '../page-config/safeUrl'

// One rule for build-time and runtime markdown links (src/page-config/safeUrl.ts) and images
// (src/page-config/allowedUrls.ts: our own paths or an allowed media host; any other image is dropped).
export { safeUrl }

const urlTransform = (url: string, key: string) =>
  key === 'src' ? (isAllowedImage(url) ? url : undefined) : safeUrl(url)

const components: Components = {
  a: ({ href, children }) =>
    href && safeUrl(href) ? (
      <a href={href} {...(/^https?:/i.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt, title }) =>
    typeof src === 'string' && src ? <img src={src} alt={alt ?? ''} title={title} loading="lazy" /> : null,
}

/** Markdown without raw HTML: react-markdown escapes HTML unless a rehype-raw plugin is added (never). */
export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <div className={['markdown', className].filter(Boolean).join(' ')}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={urlTransform} components={components}>
        {source}
      </ReactMarkdown>
    </div>
  )
}
