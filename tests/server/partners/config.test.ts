import { describe, expect, it } from 'vitest'
import {
  DEMO_PARTNER_SECRET,
  huatingConfig,
  partnerOptionsFromEnv,
  partnerProblems,
} from '../../../server/modules/partners/config'

// The partner's settings from the environment, and what production refuses, named.

describe('partner settings', () => {
  it('reads PARTNER_* and names each bad value', () => {
    expect(
      partnerOptionsFromEnv({
        PARTNER_SANDBOX: 'off',
        PARTNER_HUATING_URL: 'https://openapi.huating.example/',
        PARTNER_HUATING_SECRET: 's'.repeat(40),
        PARTNER_TIMEOUT_MS: '2500',
        PARTNER_QUOTE_TIMEOUT_MS: '1500',
      }),
    ).toEqual({
      ok: true,
      options: {
        sandbox: false,
        huating: {
          url: 'https://openapi.huating.example/',
          secret: 's'.repeat(40),
          timeoutMs: 2500,
          quoteTimeoutMs: 1500,
        },
      },
    })
    expect(
      partnerOptionsFromEnv({
        PARTNER_SANDBOX: 'yes',
        PARTNER_TIMEOUT_MS: '10',
        PARTNER_QUOTE_TIMEOUT_MS: 'soon',
        PARTNER_HUATING_URL: 'nope',
      }),
    ).toEqual({
      ok: false,
      problems: [
        'PARTNER_SANDBOX must be on or off, got "yes"',
        'PARTNER_HUATING_URL must be a URL',
        'PARTNER_TIMEOUT_MS must be an integer 100..60000, got "10"',
        'PARTNER_QUOTE_TIMEOUT_MS must be an integer 100..60000, got "soon"',
      ],
    })
  })

  it('uses the sandbox with the demo secret, a default timeout of 5 s, and nothing when unconfigured', () => {
    expect(huatingConfig({}, 'http://127.0.0.1:4100')).toMatchObject({
      url: 'http://127.0.0.1:4100',
      secret: DEMO_PARTNER_SECRET,
      timeoutMs: 5000,
      quoteTimeoutMs: 3000,
    })
    expect(huatingConfig({}, null)).toBeNull()
  })

  it('production refuses the sandbox and a partner without a strong secret', () => {
    expect(partnerProblems('production', { sandbox: true })).toEqual([
      'APP_MODE=production refuses PARTNER_SANDBOX=on',
    ])
    expect(partnerProblems('production', { huating: { url: 'https://x.example', secret: 'short' } })).toEqual(
      ['PARTNER_HUATING_URL needs PARTNER_HUATING_SECRET (at least 32 characters)'],
    )
    expect(
      partnerProblems('production', { huating: { url: 'https://x.example', secret: 'k'.repeat(32) } }),
    ).toEqual([])
    expect(partnerProblems('demo', { sandbox: true })).toEqual([])
  })
})
