import { describe, expect, it } from 'vitest'
import { resolveText } from '../../../src/page-runtime/bindings'
import { routeMatches, configRoutePath, targetPath } from '../../../src/page-config/configPath'
import { evaluateCondition } from '../../../src/page-config/conditions'
import { insideWindow, nextPhaseChange, phaseAt, previewMoment } from '../../../src/page-config/schedule'

const schedule = {
  preheatAt: '2027-01-10T00:00:00+08:00',
  startAt: '2027-01-20T00:00:00+08:00',
  endAt: '2027-02-20T00:00:00+08:00',
  offlineAt: '2027-03-01T00:00:00+08:00',
  fallback: '/',
}
const at = (iso: string) => Date.parse(iso)

describe('lifecycle', () => {
  it('walks upcoming -> preheat -> live -> ended -> offline', () => {
    expect(phaseAt(schedule, at('2027-01-01T00:00:00+08:00'))).toBe('upcoming')
    expect(phaseAt(schedule, at('2027-01-10T00:00:00+08:00'))).toBe('preheat')
    expect(phaseAt(schedule, at('2027-01-20T00:00:00+08:00'))).toBe('live')
    expect(phaseAt(schedule, at('2027-02-20T00:00:00+08:00'))).toBe('ended')
    expect(phaseAt(schedule, at('2027-03-01T00:00:00+08:00'))).toBe('offline')
    expect(phaseAt(undefined, 0)).toBe('live')
  })
  it('knows the next flip and block windows', () => {
    expect(nextPhaseChange(schedule, at('2027-01-15T00:00:00+08:00'))).toBe(at(schedule.startAt))
    expect(nextPhaseChange(schedule, at('2027-04-01T00:00:00+08:00'))).toBeNull()
    expect(insideWindow({ from: schedule.startAt }, at('2027-01-19T00:00:00+08:00'))).toBe(false)
    expect(insideWindow({ to: schedule.endAt }, at('2027-01-19T00:00:00+08:00'))).toBe(true)
  })
})

describe('phase previews', () => {
  const live = at('2027-02-01T00:00:00+08:00')
  it('keep the current moment when the page is in the phase previewed anyway', () => {
    expect(previewMoment(schedule, 'live', live)).toBe(live)
  })
  it('move to the start of the phase previewed, so countdowns and windows agree with it', () => {
    for (const phase of ['upcoming', 'preheat', 'live', 'ended', 'offline'] as const) {
      expect(phaseAt(schedule, previewMoment(schedule, phase, live))).toBe(phase)
    }
    expect(previewMoment(schedule, 'preheat', live)).toBe(at(schedule.preheatAt))
    expect(previewMoment(schedule, 'ended', live)).toBe(at(schedule.endAt))
  })
  it('preview a preheat before the start also without preheatAt (or with it at startAt)', () => {
    const { preheatAt: _, ...noPreheat } = schedule
    expect(phaseAt(noPreheat, previewMoment(noPreheat, 'preheat', live))).toBe('preheat')
    const same = { ...schedule, preheatAt: schedule.startAt }
    expect(previewMoment(same, 'preheat', live)).toBeLessThan(at(schedule.startAt))
    expect(previewMoment(undefined, 'preheat', live)).toBe(live)
  })
})

describe('bindings', () => {
  const scope = {
    user: { userInfo: { nickname: '小明' } },
    query: { from: 'sms' },
    data: { products: { items: [1, 2, 3] } },
  }
  it('resolves whitelisted paths and leaves nothing for the rest, never evaluating code', () => {
    expect(
      resolveText(
        '你好 {{user.userInfo.nickname}}，来自 {{ query.from }}，共 {{data.products.items.length}} 款',
        scope,
      ),
    ).toBe('你好 小明，来自 sms，共 3 款')
    expect(resolveText('{{window.alert}}{{user.constructor}}{{user.__proto__}}{{1+1}}', scope)).toBe('')
    expect(resolveText('{{user.userInfo}}', scope)).toBe('')
  })
})

describe('routes and conditions', () => {
  it('maps config files to routes keeping letter case', () => {
    expect(configRoutePath('manualactivity/hzyd/page.json')).toBe('/manualactivity/hzyd/page')
    expect(configRoutePath('activity/worldcup/index.json')).toBe('/activity/worldcup')
    expect(targetPath('/app/product?id=1')).toBe('/product')
    expect(routeMatches('/news/articleDetail/:id', '/news/articleDetail/9')).toBe(true)
    expect(routeMatches('/loginC/:type?', '/loginC')).toBe(true)
    expect(routeMatches('/product', '/products')).toBe(false)
  })
  it('evaluates structured conditions', () => {
    const ctx = {
      loggedIn: false,
      query: new URLSearchParams('from=sms'),
      state: (p: string) => (p === 'signIn.continuous' ? 3 : undefined),
    }
    expect(evaluateCondition({ loggedIn: false }, ctx)).toBe(true)
    expect(
      evaluateCondition(
        {
          all: [
            { query: 'from', equals: 'sms' },
            { state: 'signIn.continuous', equals: 3 },
          ],
        },
        ctx,
      ),
    ).toBe(true)
    expect(evaluateCondition({ not: { any: [{ loggedIn: true }, { query: 'x' }] } }, ctx)).toBe(true)
  })
})
