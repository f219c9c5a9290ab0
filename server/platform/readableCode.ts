import { randomBytes } from 'node:crypto'

// Codes a person reads out or types at a counter: a gift's redemption code, a campaign coupon's code.

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** `length` random characters without look-alikes (0/O, 1/I), grouped by 4 with dashes: K7WQ-3M9T-XP2D. */
export function readableCode(length: number): string {
  const chars = Array.from(randomBytes(length), (b) => ALPHABET[b % ALPHABET.length])
  const groups: string[] = []
  for (let i = 0; i < chars.length; i += 4) groups.push(chars.slice(i, i + 4).join(''))
  return groups.join('-')
}
