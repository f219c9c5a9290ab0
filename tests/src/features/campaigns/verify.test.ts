import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { drawMessage, pickPrize, unitFromMac } from '../../../../src/domain/campaigns'
import { recomputeDraw, seedMatches } from '../../../../src/features/campaigns/verify'

// The browser's recomputation (WebCrypto) gives what the server's (node:crypto) gave.

const seed = '5a'.repeat(32)
const available = [
  { id: 'a', weight: 1 },
  { id: 'b', weight: 2 },
  { id: 'c', weight: 7 },
]

describe('fairness check in the browser', () => {
  it('matches the revealed seed to its published hash, and nothing else', async () => {
    const hash = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex')
    expect(await seedMatches(seed, hash)).toBe(true)
    expect(await seedMatches('5b'.repeat(32), hash)).toBe(false)
  })

  it('recomputes each draw as the server drew it', async () => {
    for (let seq = 1; seq <= 20; seq++) {
      const server = pickPrize(
        unitFromMac(
          createHmac('sha256', Buffer.from(seed, 'hex'))
            .update(drawMessage('c1', 'user-9', seq))
            .digest(),
        ),
        available,
      )
      expect(await recomputeDraw(seed, 'c1', 'user-9', { seq, available })).toBe(server)
    }
  })
})
