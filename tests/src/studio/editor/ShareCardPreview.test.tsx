import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ShareCardPreview } from '../../../../src/studio/editor/ShareCardPreview'

// The page form's 分享 fields show the WeChat chat card they make, with the page's own fallbacks.

describe('the WeChat share card preview', () => {
  it('shows the share title, description and image thumbnail', () => {
    render(
      <ShareCardPreview
        pageTitle="世界杯竞猜"
        share={{ title: '一起猜世界杯', desc: '猜中比分领好礼', image: '/activity/worldcup/share.png' }}
      />,
    )
    const card = screen.getByTestId('share-card-preview')
    expect(card).toHaveTextContent('微信分享卡片预览')
    expect(card).toHaveTextContent('一起猜世界杯')
    expect(card).toHaveTextContent('猜中比分领好礼')
    expect(screen.getByRole('img', { name: '分享图片' })).toHaveAttribute(
      'src',
      '/activity/worldcup/share.png',
    )
  })

  it('falls back to the page title, the default description and the mall icon', () => {
    render(<ShareCardPreview pageTitle="年终好礼" share={undefined} />)
    const card = screen.getByTestId('share-card-preview')
    expect(card).toHaveTextContent('年终好礼')
    expect(card).toHaveTextContent('国恒保险商城：在线投保、保单查询与理赔服务')
    expect(screen.getByRole('img', { name: '分享图片' })).toHaveAttribute('src', '/icon.svg')
  })
})
