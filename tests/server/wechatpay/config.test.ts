import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wechatPayConfigFromEnv } from '../../../server/modules/payments/providers/wechatpay/config'
import { createWechatPayFixture, type WechatPayFixture } from './standIn'

let fx: WechatPayFixture
const NOTIFY = 'http://127.0.0.1:9/api/payments/callback/wechatpay'

beforeAll(async () => {
  fx = await createWechatPayFixture({ notifyUrl: NOTIFY })
})
afterAll(() => fx.close())

const problems = (env: Record<string, string | undefined>) => {
  const result = wechatPayConfigFromEnv(env)
  return result.ok ? [] : result.problems
}

describe('wechatPayConfigFromEnv', () => {
  it('loads the keys and the rotation pair', () => {
    const result = wechatPayConfigFromEnv(fx.env)
    if (!result.ok) throw new Error(result.problems.join('; '))
    const { config } = result
    expect(config.mchid).toBe('1900009191')
    expect([...config.platformKeys.keys()]).toEqual([fx.serials.platformA, fx.serials.platformB])
    expect(config.baseUrl).toBe(fx.standIn.baseUrl)
    expect(config.timeoutMs).toBe(10_000)
    // Logging the config never prints a key.
    const printed = JSON.stringify(config)
    expect(printed).not.toContain('PRIVATE KEY')
    expect(printed).not.toContain(fx.env.WECHATPAY_APIV3_KEY)
  })

  it('defaults to the production API host and takes a timeout', () => {
    const result = wechatPayConfigFromEnv({ ...fx.env, WECHATPAY_BASE_URL: '', WECHATPAY_TIMEOUT_MS: '2500' })
    expect(result.ok && result.config.baseUrl).toBe('https://api.mch.weixin.qq.com')
    expect(result.ok && result.config.timeoutMs).toBe(2500)
    expect(problems({ ...fx.env, WECHATPAY_TIMEOUT_MS: 'soon' })).toEqual([
      expect.stringContaining('WECHATPAY_TIMEOUT_MS'),
    ])
  })

  it('names every missing variable', () => {
    const found = problems({})
    for (const name of [
      'WECHATPAY_MCHID',
      'WECHATPAY_APPID',
      'WECHATPAY_MERCHANT_SERIAL_NO',
      'WECHATPAY_PRIVATE_KEY_FILE',
      'WECHATPAY_APIV3_KEY',
      'WECHATPAY_PLATFORM_KEYS',
      'WECHATPAY_NOTIFY_URL',
    ]) {
      expect(found).toContain(`${name} is not set`)
    }
    expect(found).toHaveLength(7)
    expect(problems({ ...fx.env, WECHATPAY_APPID: '  ' })).toEqual(['WECHATPAY_APPID is not set'])
  })

  it('wants an APIv3 key of exactly 32 bytes, and never repeats it', () => {
    const short = 'k'.repeat(31)
    const found = problems({ ...fx.env, WECHATPAY_APIV3_KEY: short })
    expect(found).toEqual([expect.stringContaining('exactly 32 bytes')])
    expect(found.join()).not.toContain(short)
    // 32 characters, but more than 32 bytes.
    expect(problems({ ...fx.env, WECHATPAY_APIV3_KEY: '密'.repeat(2) + 'k'.repeat(30) })).toHaveLength(1)
  })

  it('reports unreadable and invalid key files', async () => {
    const garbage = join(fx.dir, 'garbage.pem')
    await writeFile(garbage, '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n')
    expect(problems({ ...fx.env, WECHATPAY_PRIVATE_KEY_FILE: join(fx.dir, 'missing.pem') })).toEqual([
      expect.stringMatching(/^WECHATPAY_PRIVATE_KEY_FILE: cannot read/),
    ])
    expect(problems({ ...fx.env, WECHATPAY_PRIVATE_KEY_FILE: garbage })).toEqual([
      expect.stringMatching(/^WECHATPAY_PRIVATE_KEY_FILE: .* is not a PEM RSA private key/),
    ])
    expect(problems({ ...fx.env, WECHATPAY_PLATFORM_KEYS: `X=${garbage}` })).toEqual([
      expect.stringContaining('WECHATPAY_PLATFORM_KEYS'),
    ])
    expect(problems({ ...fx.env, WECHATPAY_PLATFORM_KEYS: fx.platformKeyFiles.a })).toEqual([
      expect.stringContaining('is not serial=/path/to/key.pem'),
    ])
    const twice = `S=${fx.platformKeyFiles.a},S=${fx.platformKeyFiles.b}`
    expect(problems({ ...fx.env, WECHATPAY_PLATFORM_KEYS: twice })).toEqual([
      expect.stringContaining('twice'),
    ])
  })

  it('wants https URLs (http only on this machine) and the callback path without a query', () => {
    const https = 'https://mall.example.com/api/payments/callback/wechatpay'
    expect(problems({ ...fx.env, WECHATPAY_NOTIFY_URL: https })).toEqual([])
    expect(
      problems({
        ...fx.env,
        WECHATPAY_NOTIFY_URL: 'http://mall.example.com/api/payments/callback/wechatpay',
      }),
    ).toHaveLength(1)
    expect(problems({ ...fx.env, WECHATPAY_NOTIFY_URL: `${https}?x=1` })).toHaveLength(1)
    expect(problems({ ...fx.env, WECHATPAY_NOTIFY_URL: 'https://mall.example.com/pay/notify' })).toHaveLength(
      1,
    )
    expect(problems({ ...fx.env, WECHATPAY_BASE_URL: 'http://api.mch.weixin.qq.com' })).toEqual([
      expect.stringContaining('WECHATPAY_BASE_URL'),
    ])
  })

  it('takes the mobile app APPID for APP pay (optional), which must look like one and not be WECHATPAY_APPID', () => {
    const result = wechatPayConfigFromEnv(fx.env)
    expect(result.ok && result.config.appAppid).toBe(fx.env.WECHATPAY_APP_APPID)
    const { WECHATPAY_APP_APPID: _, ...withoutApp } = fx.env
    const none = wechatPayConfigFromEnv({ ...withoutApp, WECHATPAY_APP_APPID: '  ' })
    expect(none.ok && none.config.appAppid).toBeNull()
    expect(problems({ ...fx.env, WECHATPAY_APP_APPID: 'app-1' })).toEqual([
      expect.stringMatching(/^WECHATPAY_APP_APPID: must look like wx/),
    ])
    expect(problems({ ...fx.env, WECHATPAY_APP_APPID: fx.env.WECHATPAY_APPID })).toEqual([
      expect.stringMatching(/^WECHATPAY_APP_APPID: must be the mobile app's APPID/),
    ])
  })
})
