// 点击热力: each top-level block of the page in the preview frame (/studio-preview, same origin) tinted by its CTR,
// with the percentage written on it. The frame's runtime marks each top-level block's <section> with its analytics
// id (data-track-id, src/page-config/trackId.ts), the id the dashboards count by; the overlay is one layer the
// studio adds to the frame's document, outside the page's React root, so the page itself is untouched. It is
// drawn again when the page lays out anew (a block's image loads, a re-render) and follows the frame's scrolling.
import { formatRate } from '../../domain/dashboard'
import { TRACK_ID_ATTRIBUTE } from '../../page-config/trackId'

export interface BlockHeat {
  impressions: number
  clicks: number
  ctr: number | null
}

export const HEAT_LAYER_ID = 'studio-heat-layer'

/** The colour of a CTR at `t` of the page's highest (0 blue, cold … 1 red, hot). */
export function heatColor(t: number, alpha = 0.4): string {
  const hue = Math.round(220 * (1 - Math.min(1, Math.max(0, t))))
  return `hsla(${hue}, 85%, 50%, ${alpha})`
}

/** The scale's top: the highest CTR among blocks that were seen (at least 1 %, so a page of zeros stays cold). */
export function heatScale(heat: ReadonlyMap<string, BlockHeat>): number {
  let top = 0
  for (const h of heat.values()) if (h.ctr !== null && h.impressions > 0) top = Math.max(top, h.ctr)
  return Math.max(top, 0.01)
}

const LABEL_STYLE = [
  'position:absolute',
  'right:6px',
  'top:6px',
  'max-width:calc(100% - 12px)',
  'padding:2px 8px',
  'border-radius:10px',
  'background:rgba(0,0,0,.72)',
  'color:#fff',
  'font:600 13px/20px system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif',
  'white-space:nowrap',
  'overflow:hidden',
  'text-overflow:ellipsis',
].join(';')

/**
 * Draws the overlay into `doc` (the frame's document) and keeps it in place; returns what removes it. `heat` is
 * by analytics block id; a block without numbers is marked 无数据.
 */
export function drawHeat(doc: Document, heat: ReadonlyMap<string, BlockHeat>): () => void {
  const win = doc.defaultView
  if (!win || !doc.body) return () => {}
  doc.getElementById(HEAT_LAYER_ID)?.remove()
  const layer = doc.createElement('div')
  layer.id = HEAT_LAYER_ID
  layer.setAttribute('aria-hidden', 'true')
  layer.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483000;overflow:hidden'
  doc.body.appendChild(layer)
  const top = heatScale(heat)

  const layout = () => {
    const boxes: HTMLElement[] = []
    for (const section of doc.querySelectorAll<HTMLElement>(`[${TRACK_ID_ATTRIBUTE}]`)) {
      const rect = section.getBoundingClientRect()
      if (rect.height < 1 || rect.width < 1) continue
      const id = section.getAttribute(TRACK_ID_ATTRIBUTE) ?? ''
      const h = heat.get(id)
      const seen = h !== undefined && h.impressions > 0
      const box = doc.createElement('div')
      box.dataset.heatFor = id
      const t = seen && h.ctr !== null ? h.ctr / top : 0
      box.style.cssText = [
        'position:absolute',
        `left:${rect.left}px`,
        `top:${rect.top}px`,
        `width:${rect.width}px`,
        `height:${rect.height}px`,
        'box-sizing:border-box',
        seen
          ? `background:${heatColor(t)}`
          : 'background:repeating-linear-gradient(45deg,rgba(0,0,0,.06) 0 6px,rgba(0,0,0,.12) 6px 12px)',
        `border:2px solid ${seen ? heatColor(t, 0.9) : 'rgba(0,0,0,.25)'}`,
      ].join(';')
      const label = doc.createElement('span')
      label.style.cssText = LABEL_STYLE
      // A low block (a title line) keeps to its rate, so the label hides less of it.
      label.textContent = !seen
        ? '无曝光数据'
        : rect.height < 64
          ? `点击率 ${formatRate(h.ctr)}`
          : `点击率 ${formatRate(h.ctr)} · 曝光 ${h.impressions} · 点击 ${h.clicks}`
      box.appendChild(label)
      boxes.push(box)
    }
    layer.replaceChildren(...boxes)
  }

  // Once per frame at most (a timer where the window has no animation frames, e.g. a hidden frame).
  const nextFrame = (fn: () => void) =>
    typeof win.requestAnimationFrame === 'function' ? win.requestAnimationFrame(fn) : win.setTimeout(fn, 16)
  const cancelFrame = (id: number) =>
    typeof win.cancelAnimationFrame === 'function' ? win.cancelAnimationFrame(id) : win.clearTimeout(id)
  let frame = 0
  const schedule = () => {
    if (frame) return
    frame = nextFrame(() => {
      frame = 0
      layout()
    })
  }
  layout()
  const Observer = (win as typeof window).ResizeObserver
  const resize = Observer ? new Observer(schedule) : null
  const watchSections = () => {
    resize?.disconnect()
    resize?.observe(doc.documentElement)
    for (const section of doc.querySelectorAll(`[${TRACK_ID_ATTRIBUTE}]`)) resize?.observe(section)
  }
  watchSections()
  // A re-render may add or replace sections: watch those too, and draw again.
  const mutations = new (win as typeof window).MutationObserver((records) => {
    if (records.every((r) => layer.contains(r.target))) return
    watchSections()
    schedule()
  })
  mutations.observe(doc.body, { childList: true, subtree: true })
  doc.addEventListener('scroll', schedule, { capture: true, passive: true })
  win.addEventListener('resize', schedule)
  return () => {
    if (frame) cancelFrame(frame)
    resize?.disconnect()
    mutations.disconnect()
    doc.removeEventListener('scroll', schedule, { capture: true })
    win.removeEventListener('resize', schedule)
    layer.remove()
  }
}
