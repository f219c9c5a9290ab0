// Canvas-first editing between the studio and its preview frame (/studio-preview), next to the render contract
// of page-runtime/previewProtocol.ts (same origin only). Blocks are addressed by their JSON pointer in the page
// config ("/blocks/3/tabs/0/blocks/1"), as the editor's tree does, so a block without an id is selectable too.
//
// Frame -> studio: select a block, drop a palette block or move a block to a place, set an inline text, undo/redo
// (keys typed while the frame has the focus). Studio -> frame: the block types' Chinese names (once ready), and the
// pointer of a palette drag over the phone (the frame draws the insertion line and says where it dropped).

import { isObject } from './json'

export const CANVAS_SELECT = 'studio-preview:select'
export const CANVAS_DROP = 'studio-preview:drop'
export const CANVAS_TEXT = 'studio-preview:text'
export const CANVAS_HISTORY = 'studio-preview:history'
export const CANVAS_SETUP = 'studio-preview:canvas-setup'
export const CANVAS_DRAG = 'studio-preview:drag'

/** A place between blocks: index `index` of the block list at `list` ("/blocks", "/blocks/3/tabs/0/blocks"). */
export interface CanvasPlace {
  list: string
  index: number
}

export interface CanvasSelectMessage {
  type: typeof CANVAS_SELECT
  pointer: string
}

/** A palette block (`blockType`) or a block of the page (`from`) dropped at `place`. */
export interface CanvasDropMessage {
  type: typeof CANVAS_DROP
  place: CanvasPlace
  blockType?: string
  from?: string
}

export interface CanvasTextMessage {
  type: typeof CANVAS_TEXT
  pointer: string
  /** The field inside the block (inlineText.ts), e.g. "text". */
  field: string
  text: string
}

export interface CanvasHistoryMessage {
  type: typeof CANVAS_HISTORY
  redo: boolean
}

export interface CanvasSetupMessage {
  type: typeof CANVAS_SETUP
  /** Chinese name of each block type (标题, 按钮…), shown on the hover outline. */
  names: Record<string, string>
  /** 试用交互: clicks reach the blocks (draw, collect, links) and the canvas stands aside. */
  interactive: boolean
}

/**
 * A palette drag: `at` is the pointer in the frame's own CSS pixels (null: outside the phone); `end` drops it
 * there (the frame answers with a drop message) or, with `at` null, cancels it.
 */
export interface CanvasDragMessage {
  type: typeof CANVAS_DRAG
  blockType: string
  at: { x: number; y: number } | null
  end: boolean
}

export type CanvasFrameMessage =
  CanvasSelectMessage | CanvasDropMessage | CanvasTextMessage | CanvasHistoryMessage

/** A block pointer: "/blocks/<n>" and nested lists' "/…/blocks/<n>". */
const BLOCK_POINTER = /^(\/[^/]+)*\/blocks\/\d+$/
const LIST_POINTER = /^(\/[^/]+)*\/blocks$/

const isPointer = (v: unknown): v is string =>
  typeof v === 'string' && v.length < 300 && BLOCK_POINTER.test(v)

function readPlace(v: unknown): CanvasPlace | null {
  if (!isObject(v) || typeof v.list !== 'string' || !LIST_POINTER.test(v.list) || v.list.length > 300)
    return null
  return Number.isInteger(v.index) && (v.index as number) >= 0
    ? { list: v.list, index: v.index as number }
    : null
}

/** A message from the frame about the canvas, or null for anything else (other messages, malformed ones). */
export function readCanvasMessage(data: unknown): CanvasFrameMessage | null {
  if (!isObject(data)) return null
  switch (data.type) {
    case CANVAS_SELECT:
      return isPointer(data.pointer) ? { type: CANVAS_SELECT, pointer: data.pointer } : null
    case CANVAS_DROP: {
      const place = readPlace(data.place)
      const blockType = typeof data.blockType === 'string' ? data.blockType : undefined
      const from = isPointer(data.from) ? data.from : undefined
      if (!place || (blockType === undefined) === (from === undefined)) return null
      return { type: CANVAS_DROP, place, ...(blockType !== undefined ? { blockType } : { from }) }
    }
    case CANVAS_TEXT:
      if (!isPointer(data.pointer) || typeof data.field !== 'string' || typeof data.text !== 'string')
        return null
      if (!/^[A-Za-z]\w*$/.test(data.field)) return null
      return { type: CANVAS_TEXT, pointer: data.pointer, field: data.field, text: data.text }
    case CANVAS_HISTORY:
      return { type: CANVAS_HISTORY, redo: data.redo === true }
    default:
      return null
  }
}

/** A message from the studio to the frame's canvas, or null. */
export function readCanvasControl(data: unknown): CanvasSetupMessage | CanvasDragMessage | null {
  if (!isObject(data)) return null
  if (data.type === CANVAS_SETUP) {
    const names = isObject(data.names)
      ? Object.fromEntries(
          Object.entries(data.names).filter((e): e is [string, string] => typeof e[1] === 'string'),
        )
      : {}
    return { type: CANVAS_SETUP, names, interactive: data.interactive === true }
  }
  if (data.type === CANVAS_DRAG && typeof data.blockType === 'string') {
    const at =
      isObject(data.at) && Number.isFinite(data.at.x) && Number.isFinite(data.at.y)
        ? { x: data.at.x as number, y: data.at.y as number }
        : null
    return { type: CANVAS_DRAG, blockType: data.blockType, at, end: data.end === true }
  }
  return null
}
