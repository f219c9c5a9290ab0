import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Markdown, safeUrl } from '../../../src/components/Markdown'

describe('Markdown', () => {
  it('renders markdown with GFM tables', () => {
    render(<Markdown source={'# 标题\n\n| 项目 | 保额 |\n|---|---|\n| 意外身故 | 10万 |'} />)
    expect(screen.getByRole('heading', { name: '标题' })).toBeInTheDocument()
    expect(screen.getByRole('table')).toHaveTextContent('意外身故')
  })

  it('never renders raw HTML', () => {
    const { container } = render(
      <Markdown source={'<img src=x onerror="alert(1)"><script>alert(1)</script>正文'} />,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
  })

  it('keeps http(s), mailto, tel and in-site links; drops javascript: and protocol-relative ones', () => {
    render(
      <Markdown
        source={
          '[官网](https://example.test) [邮件](mailto:a@b.c) [电话](tel:4000000000) [站内](/protocol/privacy) [坏](javascript:alert(1)) [外](//evil.test)'
        }
      />,
    )
    expect(screen.getByText('官网').closest('a')).toHaveAttribute('href', 'https://example.test')
    expect(screen.getByText('邮件').closest('a')).toHaveAttribute('href', 'mailto:a@b.c')
    expect(screen.getByText('电话').closest('a')).toHaveAttribute('href', 'tel:4000000000')
    expect(screen.getByText('站内').closest('a')).toHaveAttribute('href', '/protocol/privacy')
    expect(screen.getByText('坏').closest('a')).toBeNull()
    expect(screen.getByText('外').closest('a')).toBeNull()
    expect(safeUrl('data:text/html,x')).toBe('')
  })
})
