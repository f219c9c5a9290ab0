import { describe, expect, it } from 'vitest'
import { choosePayScene, type PaySceneFacts } from '../../../../src/features/purchase/payScene'

// 微信支付 pays where the screen runs: the company app through its bridge, WeChat by JSAPI, another phone's
// browser on WeChat's H5 cashier, a computer by the QR code; each only where the provider offers that scene.

const ALL = ['native', 'h5', 'jsapi', 'app'] as const
const facts = (over: Partial<PaySceneFacts>): PaySceneFacts => ({
  channel: 'wechat',
  scenes: ALL,
  appPays: false,
  inWechat: false,
  onPhone: false,
  ...over,
})

describe('choosePayScene', () => {
  it('picks the scene of each environment', () => {
    expect(choosePayScene(facts({ appPays: true, onPhone: true }))).toBe('app')
    expect(choosePayScene(facts({ inWechat: true, onPhone: true }))).toBe('jsapi')
    expect(choosePayScene(facts({ onPhone: true }))).toBe('h5')
    expect(choosePayScene(facts({}))).toBe('native')
  })

  it('falls back when the provider does not offer the scene (the sandbox offers native and h5)', () => {
    const sandbox = ['native', 'h5'] as const
    expect(choosePayScene(facts({ scenes: sandbox, appPays: true, onPhone: true }))).toBe('h5')
    // WeChat's browser does not open the H5 cashier: the QR code, which WeChat reads on a long press.
    expect(choosePayScene(facts({ scenes: sandbox, inWechat: true, onPhone: true }))).toBe('native')
    expect(choosePayScene(facts({ scenes: ['native'], inWechat: true, onPhone: true }))).toBe('native')
    expect(choosePayScene(facts({ scenes: ['native', 'jsapi'], appPays: true, onPhone: true }))).toBe(
      'native',
    )
  })

  it('pays 支付宝 and 银行卡 as before', () => {
    expect(choosePayScene(facts({ channel: 'alipay', inWechat: true, onPhone: true }))).toBe('native')
    expect(choosePayScene(facts({ channel: 'bankcard', appPays: true }))).toBe('native')
  })
})
