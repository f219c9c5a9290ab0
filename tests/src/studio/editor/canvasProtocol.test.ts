import { describe, expect, it } from 'vitest'
import { readCanvasControl, readCanvasMessage } from '../../../../src/page-config/canvasProtocol'

describe('readCanvasMessage (frame -> studio)', () => {
  it('reads a selection, a palette drop, a move, an inline text and an undo key', () => {
    expect(
      readCanvasMessage({ type: 'studio-preview:select', pointer: '/blocks/2/tabs/0/blocks/1' }),
    ).toEqual({
      type: 'studio-preview:select',
      pointer: '/blocks/2/tabs/0/blocks/1',
    })
    expect(
      readCanvasMessage({
        type: 'studio-preview:drop',
        place: { list: '/blocks', index: 1 },
        blockType: 'title',
      }),
    ).toEqual({ type: 'studio-preview:drop', place: { list: '/blocks', index: 1 }, blockType: 'title' })
    expect(
      readCanvasMessage({
        type: 'studio-preview:drop',
        place: { list: '/blocks', index: 0 },
        from: '/blocks/3',
      }),
    ).toEqual({ type: 'studio-preview:drop', place: { list: '/blocks', index: 0 }, from: '/blocks/3' })
    expect(
      readCanvasMessage({
        type: 'studio-preview:text',
        pointer: '/blocks/0',
        field: 'text',
        text: '夏日保障节',
      }),
    ).toEqual({ type: 'studio-preview:text', pointer: '/blocks/0', field: 'text', text: '夏日保障节' })
    expect(readCanvasMessage({ type: 'studio-preview:history', redo: true })).toEqual({
      type: 'studio-preview:history',
      redo: true,
    })
  })

  it('refuses other messages and malformed ones', () => {
    for (const data of [
      null,
      'studio-preview:select',
      { type: 'studio-preview:render', config: {} },
      { type: 'studio-preview:select' },
      { type: 'studio-preview:select', pointer: '/title' },
      { type: 'studio-preview:select', pointer: '/blocks/x' },
      { type: 'studio-preview:drop', place: { list: '/blocks', index: -1 }, blockType: 'title' },
      { type: 'studio-preview:drop', place: { list: '/title', index: 0 }, blockType: 'title' },
      { type: 'studio-preview:drop', place: { list: '/blocks', index: 1.5 }, blockType: 'title' },
      // Neither or both of a palette type and a block to move.
      { type: 'studio-preview:drop', place: { list: '/blocks', index: 0 } },
      {
        type: 'studio-preview:drop',
        place: { list: '/blocks', index: 0 },
        blockType: 'title',
        from: '/blocks/1',
      },
      { type: 'studio-preview:text', pointer: '/blocks/0', field: 'a/b', text: 'x' },
      { type: 'studio-preview:text', pointer: '/blocks/0', field: 'text', text: 3 },
    ])
      expect(readCanvasMessage(data)).toBeNull()
  })
})

describe('readCanvasControl (studio -> frame)', () => {
  it('reads the block names and a palette drag, inside or outside the phone', () => {
    expect(
      readCanvasControl({ type: 'studio-preview:canvas-setup', names: { title: '标题', bad: 1 } }),
    ).toEqual({
      type: 'studio-preview:canvas-setup',
      names: { title: '标题' },
      interactive: false,
    })
    // 试用交互: only a literal true lets the page take the taps.
    expect(
      readCanvasControl({ type: 'studio-preview:canvas-setup', names: {}, interactive: true }),
    ).toMatchObject({ interactive: true })
    expect(
      readCanvasControl({ type: 'studio-preview:canvas-setup', names: {}, interactive: 'yes' }),
    ).toMatchObject({ interactive: false })
    expect(
      readCanvasControl({ type: 'studio-preview:drag', blockType: 'title', at: { x: 10, y: 20 }, end: true }),
    ).toEqual({ type: 'studio-preview:drag', blockType: 'title', at: { x: 10, y: 20 }, end: true })
    expect(readCanvasControl({ type: 'studio-preview:drag', blockType: 'title', at: { x: 'a' } })).toEqual({
      type: 'studio-preview:drag',
      blockType: 'title',
      at: null,
      end: false,
    })
    expect(readCanvasControl({ type: 'studio-preview:drag' })).toBeNull()
    expect(readCanvasControl({ type: 'studio-preview:select', pointer: '/blocks/0' })).toBeNull()
  })
})
