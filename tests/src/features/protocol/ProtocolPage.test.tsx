import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import ProtocolPage from '../../../../src/features/protocol/ProtocolPage'
import { renderScreen } from '../../harness'

describe('protocol pages', () => {
  it.each([
    ['privacy', '隐私保护政策'],
    ['sensitive', '个人敏感信息收集使用授权书'],
    ['service', '用户服务协议'],
    ['auth', '实名认证授权书'],
  ])('/protocol/%s renders the agreement text with its title', (key, title) => {
    const { container } = (() => {
      renderScreen(ProtocolPage, `/protocol/${key}`)
      return { container: document.body }
    })()
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(container.textContent?.length).toBeGreaterThan(1500)
    expect(container.textContent).toContain('国恒保险经纪有限公司')
    expect(container.querySelector('script, iframe, [onerror]')).toBeNull()
  })

  it('works under the in-app prefix too', () => {
    renderScreen(ProtocolPage, '/app/protocol/service')
    expect(screen.getByRole('heading', { level: 1, name: '用户服务协议' })).toBeInTheDocument()
  })
})
