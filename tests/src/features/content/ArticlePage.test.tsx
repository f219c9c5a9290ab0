import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ArticlePage from '../../../../src/features/content/ArticlePage'
import VideoPage from '../../../../src/features/content/VideoPage'
import { compileMarkdown } from '../../../../src/page-config/markdown'
import type { ArticleDetail } from '../../../../src/types/generated/api/content'
import { apiError, renderScreen, stubApi } from '../../harness'
import { MEDICAL, VIDEO } from './fixtures'

// /news/articleDetail/:id, /look/article/:id and /look/video/:id against the API stub: the body drawn from the
// safe tree, related products that open the product page, sharing, the video with its poster, a missing article.
const article: ArticleDetail = {
  ...MEDICAL,
  body: compileMarkdown('## 保障什么\n\n- **住院医疗费用**\n\n<script>alert(1)</script>'),
  related: [
    {
      id: 'p-medical-million',
      name: '安心百万医疗险',
      tagline: '住院医疗最高报销600万',
      image: '/images/products/medical.svg',
      categoryCode: 'medical',
      insurerCode: 'pingan',
      insurerName: '平安健康',
      tags: ['保证续保'],
      minPremiumFen: 13600,
      salesCount: 100,
      rating: 4.8,
    },
  ],
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('/news/articleDetail/:id', () => {
  it('draws the body from the safe tree and opens a related product', async () => {
    stubApi({ 'GET /api/content/articles/:id': article })
    renderScreen(ArticlePage, '/news/articleDetail/a-medical-basics', '/news/articleDetail/:id', ['/product'])
    expect(await screen.findByRole('heading', { level: 1, name: '百万医疗险是什么？' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: '保障什么' })).toBeInTheDocument()
    expect(screen.getByText('住院医疗费用').tagName).toBe('STRONG')
    expect(document.querySelector('script')).toBeNull()
    expect(screen.getByText('国恒保险小课堂')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByText('安心百万医疗险'))
    expect(await screen.findByTestId('screen')).toHaveTextContent('/product')
  })

  it('shares through the system sheet when there is one, else offers to copy the link, marked as shared', async () => {
    stubApi({ 'GET /api/content/articles/:id': article })
    const share = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, share })
    renderScreen(ArticlePage, '/news/articleDetail/a-medical-basics', '/news/articleDetail/:id')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: '分享' }))
    const shared = `${window.location.href.split('#')[0]}${window.location.search ? '&' : '?'}utm_medium=share`
    expect(share).toHaveBeenCalledWith({ title: '百万医疗险是什么？', text: article.summary, url: shared })

    vi.unstubAllGlobals()
    stubApi({ 'GET /api/content/articles/:id': article })
    vi.stubGlobal('navigator', { ...navigator, share: undefined })
    renderScreen(ArticlePage, '/look/article/a-medical-basics', '/look/article/:id')
    const buttons = await screen.findAllByRole('button', { name: '分享' })
    await user.click(buttons[buttons.length - 1])
    // The mall's sheet (components/share/sharePage.ts, tested there) offers the link to copy.
    expect(await screen.findByText('复制链接')).toBeInTheDocument()
  })

  it('says an unknown article does not exist, with the way back to its list', async () => {
    stubApi({ 'GET /api/content/articles/:id': apiError(404, 'NOT_FOUND', '文章不存在') })
    renderScreen(ArticlePage, '/look/article/a-gone', '/look/article/:id')
    expect(await screen.findByText('文章不存在')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '返回看一看' })).toBeInTheDocument()
  })
})

describe('/look/video/:id', () => {
  it('shows the video with its poster and controls, never autoplaying', async () => {
    stubApi({
      'GET /api/content/articles/:id': { ...VIDEO, body: compileMarkdown('出险后及时报案。'), related: [] },
    })
    renderScreen(VideoPage, '/look/video/v-claim', '/look/video/:id')
    const video = (await screen.findByLabelText('理赔四步走，时长 00:06')) as HTMLVideoElement
    expect(video).toHaveAttribute('src', '/videos/content/v-claim.webm')
    expect(video).toHaveAttribute('poster', '/images/content/v-claim.png')
    expect(video.controls).toBe(true)
    expect(video.autoplay).toBe(false)
    expect(screen.getByText('出险后及时报案。')).toBeInTheDocument()
  })
})
