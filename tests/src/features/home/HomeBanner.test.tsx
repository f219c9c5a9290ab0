import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { HomeBanner } from '../../../../src/features/home/HomeBanner'
import { renderScreen } from '../../harness'

// jsdom does no layout, so the test checks the two things that keep a banner whole on any phone width:
// the picture is scaled to the slide's width at the art's own aspect ratio (home.css), and every
// picture is drawn for that ratio (its viewBox). A banner shown at its natural 750px width, or art of
// another ratio under object-fit: cover, loses its edges (签到领积分 once lost its first character).
const root = join(import.meta.dirname, '../../../..')

function viewBoxRatio(src: string): number {
  const svg = readFileSync(join(root, 'public', src), 'utf8')
  const viewBox = /viewBox="([\d.\s-]+)"/.exec(svg)?.[1]
  expect(viewBox, `${src} has a viewBox`).toBeDefined()
  const [, , w, h] = viewBox!.trim().split(/\s+/).map(Number)
  return w / h
}

function cssRule(selector: string): Record<string, string> {
  const css = readFileSync(join(root, 'src/features/home/home.css'), 'utf8')
  const body = new RegExp(`(?:^|\\n)${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(css)?.[1]
  expect(body, `home.css has a ${selector} rule`).toBeDefined()
  return Object.fromEntries(
    body!
      .split(';')
      .map((d) => d.split(':').map((part) => part.trim()))
      .filter(([property, value]) => property && value)
      .map(([property, value]) => [property, value]),
  )
}

/** Renders the banner row (every banner, as the server renders it). */
async function renderBanners() {
  const router = renderScreen(HomeBanner, '/')
  await screen.findAllByRole('img', { name: /每日签到领积分/ })
  return router
}

function uniqueBanners(): HTMLImageElement[] {
  const images = screen.getAllByRole('img') as HTMLImageElement[]
  return [...new Map(images.map((img) => [img.getAttribute('src'), img])).values()]
}

describe('home banner', () => {
  it('scales every picture to the slide width at the ratio its art is drawn for', async () => {
    await renderBanners()
    const banners = uniqueBanners()
    expect(banners.length).toBe(3)

    const rule = cssRule('.home-banner-image')
    expect(rule.width).toBe('100%')
    expect(rule.height).toBe('auto')
    expect(['cover', 'contain']).toContain(rule['object-fit'])
    const [w, h] = rule['aspect-ratio'].split('/').map((n) => Number(n.trim()))
    const slideRatio = w / h

    for (const img of banners) {
      const src = img.getAttribute('src')!
      expect(img).toHaveClass('home-banner-image')
      expect(img.alt).not.toBe('')
      // The attributes reserve the slide's height before the picture arrives (no jump) and agree with the CSS.
      expect(Number(img.getAttribute('width')) / Number(img.getAttribute('height'))).toBeCloseTo(
        slideRatio,
        3,
      )
      expect(viewBoxRatio(src), `${src} is drawn for the slide`).toBeCloseTo(slideRatio, 3)
    }
  })

  it('keeps the headline inside the picture', async () => {
    await renderBanners()
    for (const img of uniqueBanners()) {
      const src = img.getAttribute('src')!
      const svg = readFileSync(join(root, 'public', src), 'utf8')
      const width = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1])
      // Every text starts inside a 40-unit margin and, at one em per CJK glyph, ends inside it too.
      for (const [, x, size, content] of svg.matchAll(
        /<text x="([\d.]+)"[^>]*font-size="([\d.]+)"[^>]*>([^<]*)<\/text>/g,
      )) {
        const anchorMiddle = new RegExp(`<text x="${x}"[^>]*text-anchor="middle"[^>]*>${content}<`).test(svg)
        const em = Number(size)
        const advance = [...content].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e80 ? em : em * 0.6), 0)
        const start = anchorMiddle ? Number(x) - advance / 2 : Number(x)
        expect(start, `${src}: ${content}`).toBeGreaterThanOrEqual(40)
        expect(start + advance, `${src}: ${content}`).toBeLessThanOrEqual(width - 40)
      }
    }
  })

  it('opens the campaign of the tapped banner', async () => {
    const router = await renderBanners()
    await userEvent.click(screen.getAllByRole('img', { name: /每日签到领积分/ })[0])
    expect(router.state.location.pathname).toBe('/benefit')
  })

  it('shows where the row is with its dots, and slides on by itself unless a finger holds it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      renderScreen(HomeBanner, '/')
      const track = document.querySelector('.snap-carousel-track') as HTMLElement
      // jsdom lays nothing out: the row is given a phone's width, scrolled to its second banner.
      Object.defineProperty(track, 'clientWidth', { value: 366 })
      track.scrollLeft = 366
      const scrollTo = vi.fn()
      track.scrollTo = scrollTo as unknown as typeof track.scrollTo
      fireEvent.scroll(track)
      const dots = [...document.querySelectorAll('.snap-carousel-dots span')]
      expect(dots.map((d) => d.classList.contains('active'))).toEqual([false, true, false])
      fireEvent.touchStart(track)
      vi.advanceTimersByTime(4_000)
      expect(scrollTo).not.toHaveBeenCalled()
      fireEvent.touchEnd(track)
      vi.advanceTimersByTime(4_000)
      expect(scrollTo).toHaveBeenCalledWith({ left: 732, behavior: 'smooth' })
    } finally {
      vi.useRealTimers()
    }
  })
})
