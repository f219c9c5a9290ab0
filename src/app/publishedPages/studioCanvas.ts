// The canvas side of the studio's preview frame (canvasProtocol.ts): hovering outlines a block with its Chinese
// type name; a click selects it (and does not run its action or link); a double-click on a title or button text
// edits it in place (Enter or leaving commits, Esc cancels); dragging a block moves it; a palette drag from the
// studio shows the insertion line. The studio applies every change to the config (so undo covers it).
//
// Pointer events, not HTML5 drag and drop: the palette lives in the studio and the blocks in this frame, so the
// studio forwards its drag's pointer position (canvasProtocol CANVAS_DRAG) and this frame, which knows its own
// layout and scroll, finds the place and draws the line.

import { useEffect, useLayoutEffect, useRef } from 'react'
import {
  CANVAS_DROP,
  CANVAS_HISTORY,
  CANVAS_SELECT,
  CANVAS_TEXT,
  readCanvasControl,
  type CanvasFrameMessage,
  type CanvasPlace,
} from '../../page-config/canvasProtocol'
import { INLINE_TEXT } from '../../page-config/inlineText'
import { isObject } from '../../page-config/json'
import type { BlockPlaces } from '../../page-runtime/blockPlaces'
import './studioCanvas.css'

const DRAG_DISTANCE = 6

function getAt(root: unknown, pointer: string): unknown {
  let node = root
  for (const part of pointer.slice(1).split('/')) {
    if (Array.isArray(node)) node = node[Number(part)]
    else if (isObject(node)) node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')]
    else return undefined
  }
  return node
}

const typeOf = (block: object): string => String((block as { type?: unknown }).type ?? '')

interface Editing {
  element: HTMLElement
  pointer: string
  field: string
  original: string
  nodes: ChildNode[]
  values: (string | null)[]
}

interface Press {
  x: number
  y: number
  pointer: string
  element: HTMLElement
  id: number
  dragging: boolean
}

function overlay(className: string): HTMLDivElement {
  const el = document.createElement('div')
  el.className = className
  el.hidden = true
  document.body.appendChild(el)
  return el
}

function install(places: BlockPlaces, getConfig: () => unknown): () => void {
  const post = (message: CanvasFrameMessage) => {
    // Handed to the studio at once, in this task (same origin, same thread), as the studio hands its render
    // messages to this frame: a drop shows without waiting behind the studio's next paint.
    try {
      const Parent = (window.parent as typeof window).MessageEvent
      window.parent.dispatchEvent(
        new Parent('message', { data: message, origin: window.location.origin, source: window }),
      )
    } catch {
      window.parent.postMessage(message, window.location.origin)
    }
  }
  let names: Record<string, string> = {}
  // 试用交互 (the studio's switch): the page takes the clicks (a draw, a link) and the canvas stands aside.
  let interactive = false
  const hover = overlay('studio-canvas-hover')
  const hoverLabel = document.createElement('span')
  hover.appendChild(hoverLabel)
  const line = overlay('studio-canvas-line')
  let editing: Editing | null = null
  let press: Press | null = null
  let swallowClick = false

  const place = (box: HTMLElement, rect: DOMRect) => {
    box.style.left = `${rect.left}px`
    box.style.top = `${rect.top}px`
    box.style.width = `${rect.width}px`
    box.style.height = `${rect.height}px`
    box.hidden = false
  }

  const showHover = (target: Element | null) => {
    const hit = editing || press?.dragging ? null : places.blockAt(target)
    if (!hit) {
      hover.hidden = true
      return
    }
    place(hover, hit.element.getBoundingClientRect())
    hoverLabel.textContent = names[typeOf(hit.block)] ?? typeOf(hit.block)
  }

  /** The place between blocks at a point of the frame, and the line showing it. */
  const placeAt = (x: number, y: number): CanvasPlace | null => {
    const hit = places.blockAt(document.elementFromPoint(x, y))
    const pointer = hit && places.pointerOf(hit.block)
    let at: { place: CanvasPlace; rect: DOMRect; top: number }
    if (hit && pointer) {
      const rect = hit.element.getBoundingClientRect()
      const before = y < rect.top + rect.height / 2
      const cut = pointer.lastIndexOf('/')
      at = {
        place: { list: pointer.slice(0, cut), index: Number(pointer.slice(cut + 1)) + (before ? 0 : 1) },
        rect,
        top: before ? rect.top : rect.bottom,
      }
    } else {
      // Below the last block (or an empty page): the end of the page.
      const config = getConfig()
      const count = isObject(config) && Array.isArray(config.blocks) ? config.blocks.length : 0
      const last = [...document.querySelectorAll<HTMLElement>('section.cp-block')].reverse().find((el) => {
        const b = places.blockAt(el)
        return b?.element === el && /^\/blocks\/\d+$/.test(places.pointerOf(b.block) ?? '')
      })
      const rect = last?.getBoundingClientRect() ?? new DOMRect(0, 0, window.innerWidth, 0)
      if (last && y < rect.bottom) return hideLine()
      at = { place: { list: '/blocks', index: count }, rect, top: rect.bottom }
    }
    line.style.left = `${at.rect.left}px`
    line.style.width = `${at.rect.width}px`
    line.style.top = `${Math.max(0, at.top - 2)}px`
    line.hidden = false
    return at.place
  }
  const hideLine = () => {
    line.hidden = true
    return null
  }

  const finishEdit = (commit: boolean) => {
    const edit = editing
    if (!edit) return
    editing = null
    const text = (edit.element.textContent ?? '').replace(/\s*\n\s*/g, ' ').trim()
    edit.element.removeAttribute('contenteditable')
    edit.element.classList.remove('studio-canvas-editing')
    // React's own nodes back in place (the new text arrives with the next render).
    edit.element.replaceChildren(...edit.nodes)
    edit.nodes.forEach((node, i) => (node.nodeValue = edit.values[i]))
    window.getSelection()?.removeAllRanges()
    if (commit && text && text !== edit.original)
      post({ type: CANVAS_TEXT, pointer: edit.pointer, field: edit.field, text })
  }

  const startEdit = (target: Element) => {
    const hit = places.blockAt(target)
    const pointer = hit && places.pointerOf(hit.block)
    if (!hit || !pointer) return
    const block = getAt(getConfig(), pointer)
    for (const { field, selector } of INLINE_TEXT[typeOf(hit.block)] ?? []) {
      const element = hit.element.querySelector<HTMLElement>(selector)
      const value = isObject(block) ? block[field] : undefined
      if (!element || !element.contains(target) || typeof value !== 'string' || value.includes('{{')) continue
      const nodes = [...element.childNodes]
      editing = {
        element,
        pointer,
        field,
        original: element.textContent ?? '',
        nodes,
        values: nodes.map((n) => n.nodeValue),
      }
      hover.hidden = true
      element.contentEditable = 'plaintext-only'
      element.classList.add('studio-canvas-editing')
      element.focus()
      const range = document.createRange()
      range.selectNodeContents(element)
      window.getSelection()?.removeAllRanges()
      window.getSelection()?.addRange(range)
      element.addEventListener('blur', () => finishEdit(true), { once: true })
      return
    }
  }

  const onPointerMove = (e: PointerEvent) => {
    if (interactive) return
    if (press && !press.dragging && Math.hypot(e.clientX - press.x, e.clientY - press.y) > DRAG_DISTANCE) {
      press.dragging = true
      hover.hidden = true
      document.body.classList.add('studio-canvas-dragging')
      press.element.classList.add('studio-canvas-moving')
      try {
        press.element.setPointerCapture(press.id)
      } catch {
        // The pointer is gone: the drag ends with it.
      }
    }
    if (press?.dragging) placeAt(e.clientX, e.clientY)
    else showHover(e.target as Element | null)
  }
  const onPointerDown = (e: PointerEvent) => {
    if (interactive) return
    swallowClick = false
    if (e.button !== 0 || editing?.element.contains(e.target as Node)) return
    const hit = places.blockAt(e.target as Element | null)
    const pointer = hit && places.pointerOf(hit.block)
    press =
      hit && pointer
        ? { x: e.clientX, y: e.clientY, pointer, element: hit.element, id: e.pointerId, dragging: false }
        : null
  }
  const endPress = (e: PointerEvent, drop: boolean) => {
    const done = press
    press = null
    if (!done?.dragging) return
    swallowClick = true
    document.body.classList.remove('studio-canvas-dragging')
    done.element.classList.remove('studio-canvas-moving')
    const at = drop ? placeAt(e.clientX, e.clientY) : null
    hideLine()
    if (at) post({ type: CANVAS_DROP, place: at, from: done.pointer })
  }
  const onPointerUp = (e: PointerEvent) => endPress(e, true)
  const onPointerCancel = (e: PointerEvent) => endPress(e, false)

  const onClick = (e: MouseEvent) => {
    if (interactive) return
    const target = e.target as Element | null
    if (editing?.element.contains(target)) return
    if (swallowClick) {
      swallowClick = false
      e.preventDefault()
      e.stopPropagation()
      return
    }
    const hit = places.blockAt(target)
    const pointer = hit && places.pointerOf(hit.block)
    if (!pointer) return
    // A tab's title still switches the tab (the blocks of the other tabs are reachable); nothing else runs.
    if (!target?.closest('.adm-tabs-tab')) {
      e.preventDefault()
      e.stopPropagation()
    }
    post({ type: CANVAS_SELECT, pointer })
  }
  const onDoubleClick = (e: MouseEvent) => {
    if (interactive) return
    if (editing || !e.target) return
    e.preventDefault()
    e.stopPropagation()
    startEdit(e.target as Element)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (editing) {
      if (e.key === 'Enter' && !e.isComposing) {
        e.preventDefault()
        finishEdit(true)
      } else if (e.key === 'Escape') {
        e.preventDefault()
        finishEdit(false)
      }
      return
    }
    if (!(e.ctrlKey || e.metaKey)) return
    const key = e.key.toLowerCase()
    if (key === 'z' || key === 'y') {
      e.preventDefault()
      post({ type: CANVAS_HISTORY, redo: key === 'y' || e.shiftKey })
    }
  }
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return
    const message = readCanvasControl(event.data)
    if (!message) return
    if (message.type === 'studio-preview:canvas-setup') {
      names = message.names
      interactive = message.interactive
      if (interactive) {
        hideHover()
        hideLine()
      }
      return
    }
    const at = message.at && placeAt(message.at.x, message.at.y)
    if (!message.at) hideLine()
    if (message.end) {
      hideLine()
      if (at) post({ type: CANVAS_DROP, place: at, blockType: message.blockType })
    }
  }
  const hideHover = () => void (hover.hidden = true)

  const listeners: [string, EventListener, boolean][] = [
    ['pointermove', onPointerMove as EventListener, true],
    ['pointerdown', onPointerDown as EventListener, true],
    ['pointerup', onPointerUp as EventListener, true],
    ['pointercancel', onPointerCancel as EventListener, true],
    ['click', onClick as EventListener, true],
    ['dblclick', onDoubleClick as EventListener, true],
    ['keydown', onKeyDown as EventListener, true],
    ['message', onMessage as EventListener, false],
    ['scroll', hideHover, true],
  ]
  for (const [type, fn, capture] of listeners) window.addEventListener(type, fn, capture)
  document.documentElement.addEventListener('pointerleave', hideHover)
  return () => {
    for (const [type, fn, capture] of listeners) window.removeEventListener(type, fn, capture)
    document.documentElement.removeEventListener('pointerleave', hideHover)
    hover.remove()
    line.remove()
  }
}

/** Installs the canvas in the frame for the page it shows (`config`: the config the studio sent). */
export function useStudioCanvas(places: BlockPlaces, config: unknown): void {
  const latest = useRef(config)
  useLayoutEffect(() => {
    latest.current = config
  })
  useEffect(() => install(places, () => latest.current), [places])
}
