// The studio's side of canvas-first editing (canvasProtocol.ts): what a click, a drop, an inline text or an undo
// key in the preview frame does to the working copy. Every change goes through configOps and the history, so
// undo/redo covers it.

import { startTransition, useMemo, type RefObject } from 'react'
import {
  CANVAS_SETUP,
  readCanvasMessage,
  type CanvasFrameMessage,
  type CanvasPlace,
} from '../../../page-config/canvasProtocol'
import { isInlineText } from '../../../page-config/inlineText'
import { getAt, isObject, moveToList, parentOf, setAt } from '../configOps'
import { BLOCK_CATALOG, blockInfo, type BlockInfo } from '../schemas'
import { insertStarter } from '../starters/insertStarter'
import type { PageConfig } from '../types'

export interface CanvasBridge {
  /** Handles a message from the frame (others are ignored). */
  receive(data: unknown): void
  /** The frame said it is ready: it gets the block types' names. */
  setup(): Record<string, unknown>
  readOnly: boolean
  /** A palette block clicked (not dragged): after the selected block. */
  add(info: BlockInfo): void
}

interface CanvasOptions {
  configRef: RefObject<PageConfig>
  apply(config: PageConfig, key?: string): void
  select(pointer: string): void
  undo(): void
  redo(): void
  readOnly: boolean
  add(info: BlockInfo): void
}

/** Whether a block of `type` may sit in `list` (a page-only block such as tabs stays on the page). */
const allowedIn = (type: unknown, list: string) => list === '/blocks' || !blockInfo(type)?.pageOnly

/** The index `place` means once the block at `from` has left its list (same list: the later ones move up). */
function indexAfterLeaving(from: string, place: CanvasPlace): number {
  const source = parentOf(from)
  return source.list === place.list && source.index < place.index ? place.index - 1 : place.index
}

export function useCanvas({
  configRef,
  apply,
  select,
  undo,
  redo,
  readOnly,
  add,
}: CanvasOptions): CanvasBridge {
  return useMemo<CanvasBridge>(() => {
    const drop = (place: CanvasPlace, blockType?: string, from?: string) => {
      const config = configRef.current
      if (!Array.isArray(getAt(config, place.list))) return
      if (blockType !== undefined) {
        const info = blockInfo(blockType)
        if (!info || !allowedIn(blockType, place.list)) return
        const added = insertStarter(config, blockType, place.list, place.index)
        apply(added.config)
        select(added.pointer)
      } else if (from !== undefined) {
        const block = getAt(config, from)
        if (!isObject(block) || !allowedIn(block.type, place.list)) return
        const moved = moveToList(config, from, place.list, indexAfterLeaving(from, place))
        if (moved.config === config) return
        apply(moved.config)
        select(moved.pointer)
      }
    }
    return {
      readOnly,
      add,
      setup: () => ({
        type: CANVAS_SETUP,
        names: Object.fromEntries(BLOCK_CATALOG.map((info) => [info.type, info.name])),
      }),
      receive: (data) => {
        const message = readCanvasMessage(data)
        // The frame renders the change at once (apply posts it); the editor's own re-render (the tree's rows move
        // on a drop) is a transition after it, not a sync render of a pointerup ahead of the frame.
        if (message) startTransition(() => handle(message))
      },
    }
    function handle(message: CanvasFrameMessage) {
      switch (message.type) {
        case 'studio-preview:select':
          if (isObject(getAt(configRef.current, message.pointer))) select(message.pointer)
          return
        case 'studio-preview:history':
          if (!readOnly) (message.redo ? redo : undo)()
          return
        case 'studio-preview:drop':
          if (!readOnly) drop(message.place, message.blockType, message.from)
          return
        case 'studio-preview:text': {
          const block = getAt(configRef.current, message.pointer)
          if (readOnly || !isObject(block) || !isInlineText(block.type, message.field)) return
          apply(setAt(configRef.current, `${message.pointer}/${message.field}`, message.text))
          select(message.pointer)
        }
      }
    }
  }, [configRef, apply, select, undo, redo, readOnly, add])
}
