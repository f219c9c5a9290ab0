import { describe, expect, it } from 'vitest'
import { browserConfig } from '../../../src/page-config/browserConfig'

// The browser's copy of a folder page: of each campaign what the form's placeholder shows, not its prizes,
// stock, odds, limits or eligibility; the rest of the page as it is.
describe('browserConfig', () => {
  it('keeps what a page shows of its campaigns and drops what only the server needs', () => {
    const config = {
      $schema: '../schemas/page.schema.json',
      title: '翼联180元档权益',
      blocks: [{ type: 'form', campaign: 'verify' }],
      campaigns: {
        verify: {
          kind: 'form',
          title: '号码核验',
          window: { startAt: '2026-11-01T00:00:00+08:00', endAt: '2027-06-30T23:59:59+08:00' },
          limits: { perUserTotal: 5 },
          prizes: [],
          fields: [{ key: 'phone', kind: 'phone', label: '手机号' }],
          rules: '核验只用于确认套餐档位',
        },
        checkup: {
          kind: 'coupon',
          title: '体检券',
          eligibility: { entryOf: 'verify' },
          prizes: [{ id: 'checkup', name: '体检券', weight: 1, stock: 1000 }],
        },
      },
    }
    expect(browserConfig(config)).toEqual({
      title: '翼联180元档权益',
      blocks: [{ type: 'form', campaign: 'verify' }],
      campaigns: {
        verify: {
          kind: 'form',
          title: '号码核验',
          fields: [{ key: 'phone', kind: 'phone', label: '手机号' }],
          rules: '核验只用于确认套餐档位',
        },
        checkup: { kind: 'coupon', title: '体检券' },
      },
    })
  })

  it('leaves a page without campaigns as it is, but for $schema', () => {
    expect(browserConfig({ $schema: 'x', title: 't', blocks: [] })).toEqual({ title: 't', blocks: [] })
  })
})
