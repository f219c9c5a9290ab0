import { useEffect, useState } from 'react'
import { Button } from 'antd-mobile'
import { useInviteCode } from '../../features/campaigns/api'
import type { PosterBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { BlockError } from '../shared/BlockStatus'
import { drawPoster, posterUrl } from './drawPoster'
import './PosterBlock.css'

type Drawn = { state: 'drawing' } | { state: 'ready'; image: string; url: string } | { state: 'failed' }
const DRAWING: Drawn = { state: 'drawing' }

async function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image()
  image.src = src
  await image.decode()
  return image
}

/**
 * 分享海报: drawn in the browser when asked for (生成我的专属海报: a canvas, the background, my nickname, the QR code
 * of the page with my invite code; the QR encoder loads then, not with the page), shown as an image to long-press
 * and saved as a PNG by 保存图片. A visitor is asked to log in.
 */
export default function PosterBlock({ block }: BlockProps<Props>) {
  const runtime = useBlockRuntime()
  const { data, error, mutate } = useInviteCode(!runtime.prerendered)
  const invite = data?.invite ?? null
  const headline = runtime.text(block.headline ?? '')
  const caption = runtime.text(block.caption ?? '长按识别二维码，和我一起参与')
  // 0 until 生成我的专属海报 is tapped; each 重试 counts one more.
  const [attempt, setAttempt] = useState(0)
  // What was drawn, for which inputs: anything else is still being drawn.
  const inputs = JSON.stringify([invite, block.background, block.sharePath, headline, caption, attempt])
  const [result, setResult] = useState<{ inputs: string; drawn: Drawn } | null>(null)
  const drawn = result?.inputs === inputs ? result.drawn : DRAWING

  useEffect(() => {
    if (!invite || attempt === 0) return
    let live = true
    const url = posterUrl(block.sharePath ?? window.location.pathname, window.location.origin, invite.code)
    const draw = async () => {
      // The QR code's encoder loads with the poster, not with the page.
      const [{ create }, background] = await Promise.all([import('qrcode'), loadImage(block.background)])
      const qr = create(url, { errorCorrectionLevel: 'M' }).modules
      const canvas = document.createElement('canvas')
      const ok = drawPoster(canvas, background, {
        nickname: invite.nickname,
        headline,
        caption,
        qr: { size: qr.size, dark: (row, col) => Boolean(qr.get(row, col)) },
      })
      return ok ? canvas.toDataURL('image/png') : null
    }
    const settle = (drawn: Drawn) => live && setResult({ inputs, drawn })
    draw().then(
      (image) => settle(image ? { state: 'ready', image, url } : { state: 'failed' }),
      () => settle({ state: 'failed' }),
    )
    return () => {
      live = false
    }
  }, [invite, block.background, block.sharePath, headline, caption, inputs, attempt])

  if (error) return <BlockError error={error} onRetry={() => void mutate()} />
  // The poster's own room while it loads (and in HTML built ahead), so what follows it does not move.
  if (!data)
    return (
      <section className="blk-poster" aria-label="分享海报">
        <div className="blk-poster-drawing" role="status" aria-label="加载中" />
      </section>
    )
  if (!invite || attempt === 0)
    return (
      <section className="blk-poster blk-poster-visitor" aria-label="分享海报">
        <img src={block.background} alt="" className="blk-poster-preview" />
        <div className="blk-poster-overlay">
          {invite ? (
            <Button color="primary" shape="rounded" onClick={() => setAttempt(1)}>
              生成我的专属海报
            </Button>
          ) : (
            <>
              <p>登录后生成专属海报</p>
              <Button color="primary" shape="rounded" onClick={() => void runtime.run({ type: 'login' })}>
                登录
              </Button>
            </>
          )}
        </div>
      </section>
    )
  return (
    <section className="blk-poster" aria-label="分享海报">
      {drawn.state === 'ready' ? (
        <figure className="blk-poster-figure" data-share-url={drawn.url}>
          <img src={drawn.image} alt="我的专属海报" data-testid="poster-image" />
          <figcaption>长按图片保存或发送给好友</figcaption>
        </figure>
      ) : drawn.state === 'failed' ? (
        <div className="blk-status" role="alert">
          <p className="blk-status-title">海报生成失败</p>
          <p className="blk-status-desc">当前浏览器无法生成图片，请更换浏览器后重试</p>
          <Button size="small" color="primary" onClick={() => setAttempt((n) => n + 1)}>
            重试
          </Button>
        </div>
      ) : (
        <div className="blk-poster-drawing" role="status">
          海报生成中…
        </div>
      )}
      <a
        className={`blk-poster-save${drawn.state === 'ready' ? '' : ' is-disabled'}`}
        href={drawn.state === 'ready' ? drawn.image : undefined}
        download="我的专属海报.png"
        aria-disabled={drawn.state !== 'ready'}
        role="button"
      >
        保存图片
      </a>
    </section>
  )
}
