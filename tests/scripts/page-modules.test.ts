import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileMarkdown, withCompiledMarkdown } from '../../src/page-config/markdown'
import { markdownSources } from '../../src/page-config/markdownSources'
import { phasesAhead } from '../../src/page-config/schedule'
import {
  blockComponentFile,
  blockTypesOf,
  COPY_QUERY,
  pageModuleSource,
} from '../../scripts/page-configs/pageModule'
import { blockSchemaTypes } from '../../src/page-config/schemaSet'

const root = resolve(import.meta.dirname, '../..')

describe('build-time markdown', () => {
  it('compiles GFM to the small element tree, without raw HTML or unsafe links', () => {
    expect(
      compileMarkdown(
        '## 规则\n1. **限领** 一次 [详情](/protocol/rules) [坏](javascript:alert(1))<script>x</script>',
      ),
    ).toEqual([
      { tag: 'h2', children: ['规则'] },
      {
        tag: 'ol',
        children: [
          {
            tag: 'li',
            children: [
              { tag: 'strong', children: ['限领'] },
              ' 一次 ',
              { tag: 'a', props: { href: '/protocol/rules' }, children: ['详情'] },
              ' ',
              { tag: 'a', children: ['坏'] },
              'x',
            ],
          },
        ],
      },
    ])
  })

  it('finds markdown in markdown blocks, FAQ answers and result bands, inside tabs too', () => {
    const config = {
      blocks: [
        { type: 'markdown', source: 'A' },
        { type: 'faq', items: [{ q: '问', a: 'B' }] },
        { type: 'tabs', tabs: [{ title: '页', blocks: [{ type: 'markdown', source: 'C' }] }] },
        { type: 'questionnaire-result', bands: [{ min: 0, max: 1, title: '低', description: 'D' }] },
        { type: 'title', text: '不是 markdown' },
      ],
    }
    expect([...markdownSources(config)].sort()).toEqual(['A', 'B', 'C', 'D'])
  })

  it('adds the trees to the config module, keyed by source; leaves broken JSON to the validation', () => {
    const out = JSON.parse(
      withCompiledMarkdown(
        JSON.stringify({ title: '页', blocks: [{ type: 'markdown', source: '**粗**' }] }),
      ) ?? '{}',
    )
    expect(out.title).toBe('页')
    expect(out.$markdown).toEqual({
      '**粗**': [{ tag: 'p', children: [{ tag: 'strong', children: ['粗'] }] }],
    })
    expect(withCompiledMarkdown('{ not json')).toBeNull()
  })
})

describe('page modules', () => {
  it('every block type with a schema has its component where the page modules import it from', () => {
    const types = blockSchemaTypes(root)
    expect(types.length).toBeGreaterThanOrEqual(23)
    for (const type of types) expect(existsSync(blockComponentFile(root, type)), type).toBe(true)
  })

  it('imports the config and exactly the block components it shows when it opens (the first tab included)', () => {
    const config = {
      blocks: [
        { type: 'hero' },
        {
          type: 'tabs',
          tabs: [
            { blocks: [{ type: 'product-list' }, { type: 'hero' }] },
            { blocks: [{ type: 'calculator' }] },
          ],
        },
        { type: 'nope' },
      ],
    }
    expect(blockTypesOf(config)).toEqual(['hero', 'tabs', 'product-list', 'nope'])
    const source = pageModuleSource(root, '/x/page.json', config)
    expect(source).toContain('import config from "/x/page.json"')
    expect(source).toContain(`import * as block0 from ${JSON.stringify(blockComponentFile(root, 'hero'))}`)
    expect(source).toContain(
      `import * as block2 from ${JSON.stringify(blockComponentFile(root, 'product-list'))}`,
    )
    expect(source).toContain(
      'export const blockModules = { "hero": block0, "tabs": block1, "product-list": block2 }',
    )
    expect(source).not.toContain('nope')
    // A later tab's blocks load when it is first opened.
    expect(source).not.toContain('calculator')
  })

  it("imports a page's own copies of its blocks when given a key", () => {
    const source = pageModuleSource(
      root,
      '/x/page.json',
      { blocks: [{ type: 'hero' }] },
      { copyKey: 'x_page' },
    )
    expect(source).toContain(
      `import * as block0 from ${JSON.stringify(blockComponentFile(root, 'hero') + COPY_QUERY + 'x_page')}`,
    )
  })

  it('leaves out blocks only for a phase gone by or for after the end; keeps those of now and of what is ahead', () => {
    const schedule = {
      preheatAt: '2026-11-01T00:00:00+08:00',
      startAt: '2026-11-10T00:00:00+08:00',
      endAt: '2026-12-01T00:00:00+08:00',
      fallback: '/',
    }
    const config = {
      schedule,
      blocks: [
        { type: 'hero' },
        { type: 'countdown', showIn: ['preheat'] },
        { type: 'form', showIn: ['live'] },
        { type: 'notice-bar', showIn: ['ended'] },
        { type: 'coupon', showIn: ['preheat', 'ended'] },
      ],
    }
    const at = (iso: string) => Date.parse(iso)
    // In preheat: preheat's and live's blocks.
    expect(blockTypesOf(config, phasesAhead(schedule, at('2026-11-05T00:00:00+08:00')))).toEqual([
      'hero',
      'countdown',
      'form',
      'coupon',
    ])
    // Live: the preheat countdown and the notice for after the end load if ever shown.
    const live = pageModuleSource(root, '/x/page.json', config, { now: at('2026-11-20T00:00:00+08:00') })
    expect(live).toContain('"hero": block0, "form": block1 }')
    expect(live).not.toMatch(/countdown|notice-bar|coupon/)
    // Ended (and offline): what the page shows then.
    expect(blockTypesOf(config, phasesAhead(schedule, at('2026-12-05T00:00:00+08:00')))).toEqual([
      'hero',
      'notice-bar',
      'coupon',
    ])
    // Without a moment (tests, the dev server): every block.
    expect(blockTypesOf(config)).toHaveLength(5)
  })
})
