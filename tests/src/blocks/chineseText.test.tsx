import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { compileMarkdown } from '../../../src/page-config/markdown'
import type { DataSourceState } from '../../../src/blocks/runtime'
import type { MarkdownTrees } from '../../../src/page-config/markdownTree'
import { HttpError } from '../../../src/lib/request'
import type { Block } from '../../../src/types/generated/page'
import { renderBlocks } from './renderBlocks'
import { blockSchemaPath, blockSchemaTypes } from '../../../src/page-config/schemaSet'

// Every block speaks Chinese to the visitor: whatever a block adds to its config's text (states, labels,
// buttons, accessible names) has no English word in it.

const root = join(import.meta.dirname, '../../..')
const examples = blockSchemaTypes(root).map((type) => {
  const schema = JSON.parse(readFileSync(join(root, blockSchemaPath(type)), 'utf8')) as { examples: Block[] }
  return schema.examples[0]
})

const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsOf)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(stringsOf)
        : []

/** What the page shows or says of itself (text and accessible names), minus the config's own strings. */
function blockWords(container: HTMLElement, block: Block): string[] {
  const own = stringsOf(block).sort((a, b) => b.length - a.length)
  const named = [...container.querySelectorAll('[aria-label], [title], [alt], [placeholder]')].flatMap((e) =>
    ['aria-label', 'title', 'alt', 'placeholder'].map((a) => e.getAttribute(a) ?? ''),
  )
  return [container.textContent ?? '', ...named]
    .map((text) => own.reduce((rest, s) => rest.split(s).join(' '), text))
    .flatMap((text) => text.match(/[A-Za-z]{2,}/g) ?? [])
}

const product = {
  id: 'p-1',
  name: '青松意外险',
  tagline: '出行意外一份保障',
  image: '/images/products/accident.svg',
  categoryCode: 'accident',
  insurerCode: 'qs',
  insurerName: '青松人寿',
  tags: ['意外'],
  minPremiumFen: 990,
  salesCount: 10,
  rating: 4.8,
}
const source = (state: Partial<DataSourceState>) => () => ({
  data: undefined,
  error: undefined,
  isLoading: false,
  retry: () => {},
  ...state,
})

describe('blocks show Chinese only', () => {
  for (const block of examples) {
    it(`${block.type}`, async () => {
      const markdown: MarkdownTrees = Object.fromEntries(stringsOf(block).map((s) => [s, compileMarkdown(s)]))
      const { container } = renderBlocks([block], {
        markdown,
        runtime: { data: source({ data: { items: [product] } }) },
      })
      await waitFor(() => expect(container.querySelector('.cp-block-loading')).toBeNull())
      expect(blockWords(container, block)).toEqual([])
    })
  }

  const list: Block = { type: 'product-list', from: 'products', title: '热销' }
  const states: [string, Partial<DataSourceState>][] = [
    ['loading', { isLoading: true }],
    ['empty', { data: { items: [] } }],
    ['failed (network)', { error: new TypeError('Failed to fetch') }],
    ['failed (server)', { error: new HttpError(502, 'Bad Gateway', '/api/products', 'GET') }],
  ]
  for (const [name, state] of states) {
    it(`product-list while ${name}`, async () => {
      const { container } = renderBlocks([list], { runtime: { data: source(state) } })
      await waitFor(() => expect(container.querySelector('.blk-status, [role="status"]')).not.toBeNull())
      expect(blockWords(container, list)).toEqual([])
    })
  }

  it('video that cannot play', async () => {
    const video: Block = {
      type: 'video',
      src: '/travelSafely/guide.mp4',
      poster: '/travelSafely/video-poster.svg',
    }
    const { container } = renderBlocks([video])
    const element = await waitFor(() => {
      const found = container.querySelector('video')
      if (!found) throw new Error('no video yet')
      return found
    })
    element.dispatchEvent(new Event('error'))
    expect(await screen.findByText('视频暂时无法播放，请稍后再试')).toBeInTheDocument()
    expect(blockWords(container, video)).toEqual([])
  })
})
