import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import springFestival from '../../../page-configs/springFestival.json'
import { compileMarkdown } from '../../page-config/markdown'
import type { Block } from '../../types/generated/page'
import type { MarkdownTrees } from '../../page-config/markdownTree'
import { renderBlocks } from '../../../tests/src/blocks/renderBlocks'

/** A markdown block rendered from the tree the build compiles for it. */
function renderCompiled(source: string, text?: (t: string) => string) {
  return renderBlocks([{ type: 'markdown', source }], {
    markdown: { [source]: compileMarkdown(source) },
    runtime: text ? { text } : {},
  })
}

describe('markdown block', () => {
  it('renders the compiled tree: headings, lists, emphasis and GFM tables', async () => {
    renderCompiled(
      '## 活动规则\n1. 每人限领 **一次**\n2. ~~旧规则~~\n\n| 项目 | 保额 |\n|---|--:|\n| 意外身故 | 10万 |',
    )
    expect(await screen.findByRole('heading', { level: 2, name: '活动规则' })).toBeInTheDocument()
    expect(screen.getByText('一次').tagName).toBe('STRONG')
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByRole('table')).toHaveTextContent('意外身故')
    expect(screen.getByText('10万')).toHaveStyle({ textAlign: 'right' })
  })

  it('never renders raw HTML', async () => {
    const { container } = renderCompiled(
      '<img src=x onerror="alert(1)"><script>alert(1)</script>正文\n\n<div onclick="x()">块</div>',
    )
    expect(await screen.findByText(/正文/)).toBeInTheDocument()
    expect(container.querySelector('img, script, div[onclick]')).toBeNull()
  })

  it('keeps http(s), mailto, tel and in-site links; drops javascript:, data: and protocol-relative ones', async () => {
    renderCompiled(
      '[官网](https://example.test) [邮件](mailto:a@b.c) [电话](tel:4000000000) [站内](/protocol/privacy) [坏](javascript:alert(1)) [数据](data:text/html,x) [外](//evil.test) ![图](javascript:alert(1))',
    )
    const site = await screen.findByText('官网')
    expect(site.closest('a')).toHaveAttribute('href', 'https://example.test')
    expect(site.closest('a')).toHaveAttribute('rel', 'noopener noreferrer')
    expect(screen.getByText('邮件').closest('a')).toHaveAttribute('href', 'mailto:a@b.c')
    expect(screen.getByText('电话').closest('a')).toHaveAttribute('href', 'tel:4000000000')
    expect(screen.getByText('站内').closest('a')).toHaveAttribute('href', '/protocol/privacy')
    expect(screen.getByText('站内').closest('a')).not.toHaveAttribute('target')
    for (const bad of ['坏', '数据', '外']) expect(screen.getByText(bad).closest('a')).toBeNull()
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('resolves bindings in the text, and a bound value is shown as text, never as markdown or HTML', async () => {
    const { container } = renderCompiled('你好，**{{user.userInfo.nickname}}**', (t) =>
      t.replace('{{user.userInfo.nickname}}', '[领奖](javascript:alert(1))<img src=x onerror=alert(1)>'),
    )
    const name = await screen.findByText('[领奖](javascript:alert(1))<img src=x onerror=alert(1)>')
    expect(name.tagName).toBe('STRONG')
    expect(container.querySelector('a, img')).toBeNull()
  })

  it('ships the compiled markdown of a seed config in its module', async () => {
    // The page-configs Vite plugin adds the trees to every config module.
    const trees = (springFestival as unknown as { $markdown: MarkdownTrees }).$markdown
    const block = springFestival.blocks.find((b) => b.type === 'markdown') as Block & { source: string }
    expect(trees[block.source]).toEqual(compileMarkdown(block.source))
    renderBlocks([block], { markdown: trees })
    expect(await screen.findByRole('heading', { name: '活动规则' })).toBeInTheDocument()
  })

  it('a text whose tree has not come yet shows as plain text, never parsed in the browser', async () => {
    const { container } = renderBlocks([
      { type: 'markdown', source: '## 服务器配置\n[坏](javascript:alert(1)) <script>x</script>' },
    ])
    expect(await screen.findByText(/## 服务器配置/)).toBeInTheDocument()
    expect(screen.queryByRole('heading')).toBeNull()
    expect(container.querySelector('a, script')).toBeNull()
  })
})
