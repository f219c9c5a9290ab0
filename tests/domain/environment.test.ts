import { describe, expect, it } from 'vitest'
import { detectEnvironment } from '../../src/domain/environment'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36'
const WECHAT = `${ANDROID} XWEB/1160065 MMWEBSDK/20240301 MicroMessenger/8.0.48.2580(0x28003036) NetType/WIFI Language/zh_CN`
const WECHAT_WORK = `${ANDROID} wxwork/4.1.22 MicroMessenger/7.0.1 NetType/WIFI Language/zh`
const ALIPAY = `${ANDROID} AlipayClient/10.5.86.8000 Language/zh-Hans`

describe('detectEnvironment', () => {
  it('a plain mobile browser is neither in the company app nor in WeChat', () => {
    expect(detectEnvironment(ANDROID, '')).toEqual({
      device: 'android',
      inMallApp: false,
      isInApp: false,
      inWechat: false,
    })
  })
  it('the mall app identifies itself in the user agent', () => {
    expect(detectEnvironment(`${IPHONE} GuohengMall/3.2.0`, '')).toEqual({
      device: 'ios',
      inMallApp: true,
      isInApp: true,
      inWechat: false,
    })
  })
  it('the company app is the GuohengApp webview too, or a page opened with ?inApp=1 or ?from=app', () => {
    expect(detectEnvironment(`${ANDROID} GuohengApp/5.0.1`, '')).toMatchObject({
      isInApp: true,
      inMallApp: false,
    })
    expect(detectEnvironment(ANDROID, '?inApp=1').isInApp).toBe(true)
    expect(detectEnvironment(ANDROID, '?from=app')).toMatchObject({ isInApp: true, inMallApp: false })
    expect(detectEnvironment(ANDROID, '?inApp=0').isInApp).toBe(false)
  })
  it('WeChat is not the company app: it is inWechat', () => {
    expect(detectEnvironment(WECHAT, '')).toEqual({
      device: 'android',
      inMallApp: false,
      isInApp: false,
      inWechat: true,
    })
    // WeChat Work's webview says MicroMessenger as well.
    expect(detectEnvironment(WECHAT_WORK, '').inWechat).toBe(true)
    expect(detectEnvironment(`${ANDROID} wxwork/4.1.22`, '').inWechat).toBe(false)
  })
  it("Alipay's browser is neither the company app nor WeChat", () => {
    expect(detectEnvironment(ALIPAY, '')).toMatchObject({ isInApp: false, inWechat: false })
  })
  it('a computer is the desktop device', () => {
    expect(detectEnvironment('Mozilla/5.0 (X11; Linux x86_64)', '').device).toBe('desktop')
    expect(
      detectEnvironment('Mozilla/5.0 (Windows NT 10.0; Win64; x64) WindowsWechat MicroMessenger/7.0', ''),
    ).toMatchObject({ device: 'desktop', inWechat: true })
  })
})
