import { describe, expect, it } from 'vitest'
import { detectEnvironment } from '../../src/domain/environment'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36'

describe('detectEnvironment', () => {
  it('a plain mobile browser is neither in the mall app nor in an app', () => {
    expect(detectEnvironment(ANDROID, '')).toEqual({ device: 'android', inMallApp: false, isInApp: false })
  })
  it('the mall app identifies itself in the user agent', () => {
    expect(detectEnvironment(`${IPHONE} GuohengMall/3.2.0`, '')).toEqual({
      device: 'ios',
      inMallApp: true,
      isInApp: true,
    })
  })
  it('partner webviews and ?inApp=1 count as in-app', () => {
    expect(detectEnvironment(`${ANDROID} MicroMessenger/8.0`, '').isInApp).toBe(true)
    expect(detectEnvironment(ANDROID, '?inApp=1').isInApp).toBe(true)
    expect(detectEnvironment(ANDROID, '?from=app').inMallApp).toBe(false)
    expect(detectEnvironment('Mozilla/5.0 (X11; Linux x86_64)', '').device).toBe('desktop')
  })
})
