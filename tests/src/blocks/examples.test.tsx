import { waitFor } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { compileMarkdown } from '../../../src/page-config/markdown'
import { markdownSources } from '../../../src/page-config/markdownSources'
import type { MarkdownTrees } from '../../../src/page-config/markdownTree'
import type { Block } from '../../../src/types/generated/page'
import { renderBlocks } from './renderBlocks'
import { blockSchemaPath, blockSchemaTypes } from '../../../src/page-config/schemaSet'

// Every example of every block schema renders through the real renderer: a new block is tested the day its
// schema is added (and its examples, which docs/blocks.md shows to operations staff, keep working).
const root = join(import.meta.dirname, '../../..')
const schemas = blockSchemaTypes(root).map((type) => ({
  type,
  examples:
    (JSON.parse(readFileSync(join(root, blockSchemaPath(type)), 'utf8')) as { examples?: Block[] })
      .examples ?? [],
}))
const examples = schemas.flatMap(({ type, examples }) =>
  examples.map((example, i) => [`${type} #${i + 1}`, type, example] as const),
)

/** The markdown trees the build would add for these blocks. */
function compiledMarkdown(blocks: Block[]): MarkdownTrees {
  const trees: MarkdownTrees = {}
  for (const source of markdownSources({ blocks })) trees[source] = compileMarkdown(source)
  return trees
}

// The page around the examples: a campaign running now (a countdown's schedule.endAt needs one).
const schedule = {
  startAt: new Date(Date.now() - 86_400_000).toISOString(),
  endAt: new Date(Date.now() + 86_400_000).toISOString(),
  fallback: '/',
}

afterEach(() => vi.restoreAllMocks())

describe('block schema examples', () => {
  it('every block schema has an example', () => {
    expect(schemas.filter((s) => !s.examples.length).map((s) => s.type)).toEqual([])
  })

  it.each(examples)('%s renders through BlockRenderer', async (_, type, example) => {
    const errors = vi.spyOn(console, 'error')
    const { container } = renderBlocks([example], {
      markdown: compiledMarkdown([example]),
      runtime: { schedule },
    })
    const section = container.querySelector(`[data-block-type="${type}"]`)
    expect(section).not.toBeNull()
    // Loaded (no longer the lazy placeholder) and not dropped by its error boundary.
    await waitFor(() => expect(section?.querySelector('.cp-block-loading')).toBeNull())
    expect(section?.childElementCount).toBeGreaterThan(0)
    expect(errors).not.toHaveBeenCalled()
  })
})
