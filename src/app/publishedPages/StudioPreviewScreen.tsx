import { useEffect, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { preloadBlocks } from '../../blocks/registry'
import { sameProfile } from '../../domain/sandboxProfile'
import type { MarkdownTrees } from '../../page-config/markdownTree'
import { walkBlocks } from '../../page-config/walkBlocks'
import { currentPageConfig } from '../../page-config/migrations'
import type { PageConfig } from '../../types/generated/page'
import { blockElementId } from '../../page-runtime/actions'
import { ConfigPage, type PageOverrides } from '../../page-runtime/ConfigPage'
import { PageHostContext, type PageHost } from '../../page-runtime/pageHost'
import {
  PREVIEW_READY,
  PREVIEW_RENDERED,
  readRenderMessage,
  type PreviewRenderedMessage,
} from '../../page-runtime/previewProtocol'
import { BlockPlaces, BlockPlacesContext } from '../../page-runtime/blockPlaces'
import { setFrameTitle } from './frameTitle'
import { useStudioCanvas } from './studioCanvas'
import { structuralShare } from './structuralShare'
import './studioPreview.css'

interface Frame {
  config: PageConfig
  overrides: PageOverrides
  params: Record<string, string>
  selectedBlockId?: string
  markdown: MarkdownTrees
}

const SELECTED_CLASS = 'studio-preview-selected'

/** Links and actions stay in the frame: staff look at the page, they do not leave it. */
const frameHost: PageHost = {
  pathname: '/studio-preview',
  search: '',
  params: {},
  navigate: () => {},
}

function blockTypes(config: PageConfig): string[] {
  const types: string[] = []
  if (Array.isArray(config.blocks)) walkBlocks(config.blocks, (block) => void types.push(String(block.type)))
  return types
}

/**
 * /studio-preview: the studio's preview frame (internal, noindex). Renders whatever config its parent posts
 * (previewProtocol.ts) with the real runtime, at the posted moment and login state.
 */
export default function StudioPreviewScreen() {
  const [frame, setFrame] = useState<Frame | null>(null)
  // Compiled markdown by source: a tree never changes for its source, so the object keeps its identity (the
  // page's runtime, and so every block, stays the same while another block's text changes) until a tree for a
  // new source arrives, which the block showing that text must draw (it arrives after the text itself).
  const markdownRef = useRef<MarkdownTrees>({})
  const sequence = useRef(0)
  const [places] = useState(() => new BlockPlaces())
  useStudioCanvas(places, frame?.config)

  useEffect(() => {
    let previous: unknown
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return
      const message = readRenderMessage(event.data)
      if (!message) return
      const at = ++sequence.current
      const shared = structuralShare(previous, message.config)
      previous = shared
      // Migrated once, as it arrives (the same object when already current: unchanged blocks keep theirs).
      const config = currentPageConfig(shared)
      if (Object.keys(message.markdown).some((source) => !(source in markdownRef.current)))
        markdownRef.current = { ...markdownRef.current, ...message.markdown }
      const markdown = markdownRef.current
      // The blocks' chunks first, so the frame commits the whole page at once (and says so when it has).
      void preloadBlocks(blockTypes(config)).then(() => {
        if (at !== sequence.current) return
        // At once, in this task: the studio's own re-render of the edit runs as a transition on this same
        // thread and would otherwise go first (bench:studio, keystroke -> preview).
        flushSync(() =>
          setFrame((current) => ({
            config,
            params: structuralShare(current?.params, message.params),
            selectedBlockId: message.selectedBlockId,
            markdown,
            overrides:
              current?.overrides.nowMs === message.nowMs &&
              current.overrides.loggedIn === message.loggedIn &&
              current.overrides.sandboxProfile !== undefined &&
              sameProfile(current.overrides.sandboxProfile, message.profile)
                ? current.overrides
                : {
                    nowMs: message.nowMs,
                    frozen: true,
                    loggedIn: message.loggedIn,
                    showBlockErrors: true,
                    campaignSandbox: true,
                    sandboxProfile: message.profile,
                  },
          })),
        )
      })
    }
    window.addEventListener('message', onMessage)
    window.parent.postMessage({ type: PREVIEW_READY }, window.location.origin)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  // Internal page: never indexed.
  useEffect(() => {
    const meta = document.createElement('meta')
    meta.name = 'robots'
    meta.content = 'noindex'
    document.head.appendChild(meta)
    return () => {
      meta.remove()
      setFrameTitle(undefined)
    }
  }, [])

  const title = typeof frame?.config.title === 'string' ? frame.config.title : undefined
  useEffect(() => setFrameTitle(title), [title])

  useEffect(() => {
    if (!frame) return
    const rendered: PreviewRenderedMessage = {
      type: PREVIEW_RENDERED,
      at: performance.timeOrigin + performance.now(),
    }
    window.parent.postMessage(rendered, window.location.origin)
  }, [frame])

  const selected = frame?.selectedBlockId
  useEffect(() => {
    for (const element of document.querySelectorAll(`.${SELECTED_CLASS}`))
      element.classList.remove(SELECTED_CLASS)
    if (!selected) return
    const element = document.getElementById(blockElementId(selected))
    element?.classList.add(SELECTED_CLASS)
    // Scrolled once per selection, not on every edit of the selected block.
    element?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })
  }, [selected])
  // A re-render may put the selected block's element back without the class (shown again, remounted).
  useEffect(() => {
    if (selected) document.getElementById(blockElementId(selected))?.classList.add(SELECTED_CLASS)
  })

  const params = frame?.params
  const host = useMemo<PageHost>(() => ({ ...frameHost, params: params ?? {} }), [params])
  if (!frame) return <p className="studio-preview-waiting">正在等待工作台发送页面…</p>
  return (
    <PageHostContext.Provider value={host}>
      <div className="studio-preview-page">
        <BlockPlacesContext value={places}>
          <ConfigPage
            config={frame.config}
            markdown={frame.markdown}
            routeParams={frame.params}
            overrides={frame.overrides}
          />
        </BlockPlacesContext>
      </div>
    </PageHostContext.Provider>
  )
}
