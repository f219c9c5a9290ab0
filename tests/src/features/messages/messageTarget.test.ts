import { describe, expect, it } from 'vitest'
import { targetHref } from '../../../../src/features/messages/messageTarget'

// Where a message's 查看详情 goes: each target kind to its screen.
describe('targetHref', () => {
  it('opens the screen of what the message is about', () => {
    expect(targetHref({ kind: 'order', id: 'o1' })).toBe('/orders/orderDetail?id=o1')
    expect(targetHref({ kind: 'renewal', id: 'p1' })).toBe('/renewal')
    expect(targetHref({ kind: 'claim', id: 'c1' })).toBe('/claim/claimDetail?id=c1')
    expect(targetHref({ kind: 'points', id: null })).toBe('/points')
    expect(targetHref({ kind: 'service', id: 'c1' })).toBe('/service')
    expect(targetHref(null)).toBeNull()
  })
})
