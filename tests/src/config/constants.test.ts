import { describe, expect, it } from 'vitest'
import * as C from '../../../src/config/constants'
import { APP_INFO, PROJECT_VARIANT } from '../../../src/config/app'
import { LOGIN_AGREEMENT_ENABLED, LOGIN_AGREEMENTS } from '../../../src/config/agreements'
import { THEME, THEME_CSS_VARIABLES, THEME_VERSION, applyTheme } from '../../../src/config/theme'
import { belowBasename, resolveBasename } from '../../../src/config/router'

// The specification's §9 table, value by value.
describe('spec §9 constants', () => {
  it('chunk load timeout is 120 s, retried once', () => {
    expect(C.CHUNK_LOAD_TIMEOUT_MS).toBe(120_000)
    expect(C.CHUNK_LOAD_RETRIES).toBe(1)
  })
  it('default navbar category is all', () => expect(C.DEFAULT_NAVBAR_CATEGORY).toBe('all'))
  it('persistence: 5000 ms restore timeout, key root with prefix persist:, user and jtcState only', () => {
    expect(C.PERSIST_RESTORE_TIMEOUT_MS).toBe(5000)
    expect(C.PERSIST_KEY_PREFIX + C.PERSIST_KEY).toBe('persist:root')
    expect(C.PERSISTED_NAMESPACES).toEqual(['user', 'jtcState'])
  })
  it('toast 3 s, the other notice 1.5 s', () => {
    expect(C.TOAST_DURATION_MS).toBe(3000)
    expect(C.MESSAGE_DURATION_MS).toBe(1500)
  })
  it('lazy loader: 200 ms delay, placeholder text loading...', () => {
    expect(C.LAZY_PLACEHOLDER_DELAY_MS).toBe(200)
    expect(C.LAZY_PLACEHOLDER_TEXT).toBe('loading...')
  })
  it('product defaults', () => {
    expect(C.TRAVEL_PRODUCT_DEFAULT).toEqual({ productType: '03800001', productPrice: 1 })
    expect(C.REGRESSION_PRODUCT_DEFAULT).toEqual({ productType: '02WY0004', productPrice: 299 })
    expect(C.DEFAULT_CHARGE_PERIOD_TYPE).toBe('year')
  })
  it('applicant defaults: relation 1, social insurance Y, cert CERT, certTime 0', () => {
    expect(C.DEFAULT_RELATION_TYPE).toBe('1')
    expect(C.DEFAULT_SOCIAL_INSURANCE).toBe('Y')
    expect(C.DEFAULT_CERT_TYPE).toBe('CERT')
    expect(C.DEFAULT_CERT_TIME).toBe(0)
  })
  it('request cache TTL 60000 ms and query limits 20 / 5 / 1000', () => {
    expect(C.REQUEST_CACHE_TTL_MS).toBe(60_000)
    expect(C.QUERY_LIMITS).toEqual({ arrayLimit: 20, depth: 5, parameterLimit: 1000 })
  })
  it('notifications: 4.5 s, offsets 24, top right; five kinds', () => {
    expect(C.NOTIFICATION_DEFAULTS).toEqual({ durationMs: 4500, top: 24, right: 24, placement: 'topRight' })
    expect(C.NOTICE_KINDS).toEqual(['info', 'success', 'error', 'warning', 'loading'])
  })
})

describe('app configuration', () => {
  it('app info, variant guoheng', () => {
    expect(PROJECT_VARIANT).toBe('guoheng')
    expect(APP_INFO.displayName).toBe('国恒保险商城')
    expect(APP_INFO.companyName).toMatch(/国恒/)
    expect(APP_INFO.sloganImage).toMatch(/\.svg$/)
    expect(APP_INFO.icon).toBe('/icon.svg')
  })

  it('theme "blue": main, light and button colours are the same blue, applied as antd-mobile variables', () => {
    expect(THEME_VERSION).toBe('blue')
    expect(new Set(Object.values(THEME)).size).toBe(1)
    const el = document.createElement('div')
    applyTheme(el)
    expect(el.style.getPropertyValue('--adm-color-primary')).toBe(THEME.mainColor)
    expect(Object.keys(THEME_CSS_VARIABLES)).toContain('--adm-color-primary')
  })

  it('login agreement is on, with the three documents linking to protocol pages', () => {
    expect(LOGIN_AGREEMENT_ENABLED).toBe(true)
    expect(LOGIN_AGREEMENTS.map((a) => [a.key, a.title, a.path])).toEqual([
      ['privacy', '隐私保护政策', '/protocol/privacy'],
      ['sensitive', '个人敏感信息收集使用授权书', '/protocol/sensitive'],
      ['service', '用户服务协议', '/protocol/service'],
    ])
  })

  it('router basename from VITE_BASE_PATH, else root', () => {
    expect(resolveBasename(undefined)).toBe('/')
    expect(resolveBasename('/')).toBe('/')
    expect(resolveBasename('/mall/')).toBe('/mall')
    expect(resolveBasename('mall')).toBe('/mall')
  })

  it('the router pathname of a URL path: below the basename, undefined outside it', () => {
    expect(belowBasename('/mall/promo', '/mall')).toBe('/promo')
    expect(belowBasename('/mall', '/mall')).toBe('/')
    expect(belowBasename('/promo', '/')).toBe('/promo')
    expect(belowBasename('/mallx/promo', '/mall')).toBeUndefined()
  })
})
