import { describe, expect, it } from 'vitest'
import { sourceOf } from '../../../../src/lib/analytics/source'
import { withShareMark } from '../../../../src/lib/analytics/shareMark'
import { randomId } from '../../../../src/lib/analytics/ids'
import { trackedPage } from '../../../../src/lib/analytics/trackedPage'

// Where a visit came from, by its landing URL (docs/analytics.md, "Source of a visit").

const origin = 'https://mall.example.cn'

describe('the source of a visit', () => {
  it.each([
    ['?inviter=AB12CD', '', 'inviter'],
    ['?inviter=AB12CD&utm_medium=share', '', 'inviter'],
    ['?utm_medium=share', '', 'share'],
    ['?utm_source=wechat&utm_medium=social', '', 'share'],
    ['?from=singlemessage&isappinstalled=0', '', 'share'],
    ['?from=timeline', 'https://www.baidu.com/', 'share'],
    ['?utm_medium=push', '', 'push'],
    ['?utm_medium=SMS', '', 'sms'],
    ['?utm_medium=cpc&utm_source=baidu', '', 'search'],
    ['?utm_medium=banner', '', 'other'],
    ['?utm_source=partner', '', 'other'],
    ['', '', 'direct'],
    ['?from=app', '', 'direct'],
    ['', `${origin}/shopping`, 'direct'],
    ['', 'https://m.baidu.com/s?word=保险', 'search'],
    ['', 'https://www.google.com.hk/', 'search'],
    ['', 'https://cn.bing.com/search?q=x', 'search'],
    ['', 'https://news.example.com/article', 'other'],
  ])('%s from "%s" is %s', (search, referrer, source) => {
    expect(sourceOf(search, referrer, origin)).toBe(source)
  })

  it('a link shared from a page is marked as shared', () => {
    expect(withShareMark(`${origin}/springFestival?inviter=X1`)).toBe(
      `${origin}/springFestival?inviter=X1&utm_medium=share`,
    )
    expect(sourceOf(new URL(withShareMark(`${origin}/activity/p1`)).search, '', origin)).toBe('share')
  })
})

describe('ids', () => {
  it('are 22 base64url characters, different each time', () => {
    const ids = Array.from({ length: 200 }, () => randomId())
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(new Set(ids).size).toBe(200)
  })
})

describe('a config page as events name it', () => {
  it('a studio page by its id and version, with the test of its answer; a folder page by its route', () => {
    expect(
      trackedPage({ pageId: 'spring-sale', pageVersion: 3, experiment: { id: 'ab-1', variant: 'B' } }),
    ).toEqual({
      pageId: 'spring-sale',
      pageVersion: 3,
      experimentId: 'ab-1',
      variant: 'B',
    })
    expect(trackedPage({ route: '/manualactivity/reserveFund' })).toEqual({
      pageId: 'manualactivity_reserveFund',
    })
    // Read defensively: an answer without a test, or with a malformed one, names the page alone.
    for (const experiment of [
      undefined,
      null,
      'B',
      { id: 'ab-1' },
      { id: 'a b', variant: 'B' },
      { id: 'ab', variant: 'BB' },
    ])
      expect(trackedPage({ pageId: 'p1', pageVersion: 0, experiment })).toEqual({ pageId: 'p1' })
    expect(trackedPage({ pageId: '../studio' })).toBeUndefined()
    expect(trackedPage({ route: '/' })).toBeUndefined()
  })
})
