import { describe, expect, it } from 'vitest'
import { appTokenConfigFromEnv } from '../../server/modules/auth/appToken/config'
import { wechatConfigFromEnv } from '../../server/modules/wechat/config'
import { loadConfig } from '../../server/platform/config'
import { appOptionsFromEnv } from '../../server/platform/providers'

// WECHAT_* and APP_TOKEN_*: both of a pair or neither (neither: off, the mall works as before), https except to
// this machine, secrets kept out of printed configs; production starts with them.

const APPID = 'wx1234567890abcdef'
const SECRET = '0123456789abcdef0123456789abcdef'
const APP_SECRET = 'app-token-secret-of-at-least-32-chars'

describe('WECHAT_*', () => {
  it('neither appid nor secret: WeChat is off', () => {
    expect(wechatConfigFromEnv({})).toEqual({ ok: true, config: null })
  })

  it('defaults to WeChat’s own addresses and hides the secret from printing', () => {
    const result = wechatConfigFromEnv({ WECHAT_APPID: APPID, WECHAT_APPSECRET: SECRET })
    if (!result.ok || !result.config) throw new Error('expected a config')
    expect(result.config).toMatchObject({
      appid: APPID,
      openUrl: 'https://open.weixin.qq.com',
      apiUrl: 'https://api.weixin.qq.com',
      jssdkUrl: 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
    })
    expect(result.config.appSecret).toBe(SECRET)
    expect(JSON.stringify(result.config)).not.toContain(SECRET)
  })

  it('names what is wrong', () => {
    const problems = (env: Record<string, string>) => {
      const result = wechatConfigFromEnv(env)
      return result.ok ? [] : result.problems
    }
    expect(problems({ WECHAT_APPID: APPID })).toEqual([
      expect.stringContaining('WECHAT_APPSECRET is not set'),
    ])
    expect(problems({ WECHAT_APPSECRET: SECRET })).toEqual([
      expect.stringContaining('WECHAT_APPID is not set'),
    ])
    expect(problems({ WECHAT_APPID: 'abc', WECHAT_APPSECRET: SECRET })).toEqual([
      expect.stringContaining('WECHAT_APPID'),
    ])
    const base = { WECHAT_APPID: APPID, WECHAT_APPSECRET: SECRET }
    expect(problems({ ...base, WECHAT_API_URL: 'http://api.example.com' })).toEqual([
      'WECHAT_API_URL: must be https (http only for 127.0.0.1/localhost)',
    ])
    expect(problems({ ...base, WECHAT_OPEN_URL: 'http://127.0.0.1:9/', WECHAT_JSSDK_URL: 'nope' })).toEqual([
      'WECHAT_JSSDK_URL: "nope" is not a URL',
    ])
  })
})

describe('APP_TOKEN_*', () => {
  it('both or neither, a long secret, https', () => {
    expect(appTokenConfigFromEnv({})).toEqual({ ok: true, config: null })
    const ok = appTokenConfigFromEnv({
      APP_TOKEN_VERIFY_URL: 'https://app.example.com/verify',
      APP_TOKEN_SECRET: APP_SECRET,
    })
    expect(ok).toMatchObject({ ok: true, config: { verifyUrl: 'https://app.example.com/verify' } })
    expect(JSON.stringify(ok)).not.toContain(APP_SECRET)
    const problems = (env: Record<string, string>) => {
      const result = appTokenConfigFromEnv(env)
      return result.ok ? [] : result.problems
    }
    expect(problems({ APP_TOKEN_SECRET: APP_SECRET })).toHaveLength(1)
    expect(
      problems({ APP_TOKEN_VERIFY_URL: 'https://app.example.com/verify', APP_TOKEN_SECRET: 'short' }),
    ).toEqual(['APP_TOKEN_SECRET must be at least 32 characters'])
    expect(
      problems({ APP_TOKEN_VERIFY_URL: 'http://app.example.com/verify', APP_TOKEN_SECRET: APP_SECRET }),
    ).toHaveLength(1)
  })
})

describe('the server’s options', () => {
  const production = {
    APP_MODE: 'production',
    COOKIE_SECRET: 'c'.repeat(40),
    SMS_PROVIDER: 'aliyun',
    PAYMENT_PROVIDER: 'wechatpay',
  }

  it('carry both configs into the app (production mode included), and refuse a half-set pair', () => {
    const env = {
      ...production,
      WECHAT_APPID: APPID,
      WECHAT_APPSECRET: SECRET,
      APP_TOKEN_VERIFY_URL: 'https://app.example.com/verify',
      APP_TOKEN_SECRET: APP_SECRET,
    }
    const config = loadConfig(env)
    expect(config.mode).toBe('production')
    // The providers' own settings (ALIYUN_SMS_*, WECHATPAY_*) are another test's: the demo ones stand in here.
    const options = appOptionsFromEnv(config, { ...env, SMS_PROVIDER: 'demo', PAYMENT_PROVIDER: 'sandbox' })
    expect(options.wechat).toMatchObject({ appid: APPID })
    expect(options.appToken).toMatchObject({ verifyUrl: 'https://app.example.com/verify' })
    expect(() => appOptionsFromEnv(config, { WECHAT_APPID: APPID })).toThrow(/WECHAT_APPSECRET is not set/)
    expect(appOptionsFromEnv(config, {}).wechat).toBeNull()
  })
})
