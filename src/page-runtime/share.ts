import type { ShareInfo } from '../blocks/runtime'

/** Share meta for crawlers and in-app browsers that read them. */
export function applyShareMeta(info: ShareInfo): () => void {
  const entries: [string, string | undefined][] = [
    ['og:title', info.title],
    ['og:description', info.desc],
    ['og:image', info.image ? new URL(info.image, window.location.origin).href : undefined],
    ['description', info.desc],
  ]
  const created: HTMLMetaElement[] = []
  for (const [name, content] of entries) {
    if (!content) continue
    const meta = document.createElement('meta')
    meta.setAttribute(name.startsWith('og:') ? 'property' : 'name', name)
    meta.content = content
    document.head.appendChild(meta)
    created.push(meta)
  }
  return () => created.forEach((m) => m.remove())
}
