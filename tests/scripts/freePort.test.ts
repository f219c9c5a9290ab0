import { describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/freePort'

describe('freePort', () => {
  it('never hands out the same port twice, even to calls made side by side', async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()))
    expect(new Set(ports).size).toBe(ports.length)
    const later = await freePort()
    expect(ports).not.toContain(later)
  })
})
