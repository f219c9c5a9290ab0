import { describe, expect, it } from 'vitest'
import { HttpError, newIdempotencyKey, withIdempotencyKey } from '../../../../src/lib/request'

const conflict = (code: string) => new HttpError(409, { error: { code, message: '冲突' } }, '/api/x', 'POST')

describe('withIdempotencyKey', () => {
  it('sends one key for one intent: the same while unanswered, a new one after an answer', async () => {
    const seen: string[] = []
    let fail: unknown = new TypeError('Failed to fetch')
    const send = async (key: string) => {
      seen.push(key)
      if (fail) throw fail
      return key
    }
    // No answer (network): the retry, even after a reload, sends the same key.
    await expect(withIdempotencyKey('order:a1', send)).rejects.toThrow('Failed to fetch')
    fail = null
    expect(await withIdempotencyKey('order:a1', send)).toBe(seen[0])
    // Answered: the next tap is a new intent.
    await withIdempotencyKey('order:a1', send)
    expect(seen[2]).not.toBe(seen[0])
    // Another scope never shares a key.
    await withIdempotencyKey('order:a2', send)
    expect(new Set(seen.slice(2)).size).toBe(2)
  })

  it('ends the intent on a 4xx, and retries once with a new key when the request changed', async () => {
    const seen: string[] = []
    const answers: unknown[] = [conflict('IDEMPOTENCY_KEY_REUSED'), 'ok']
    const result = await withIdempotencyKey('pay:o1:wechat', async (key) => {
      seen.push(key)
      const next = answers.shift()
      if (next instanceof Error) throw next
      return next
    })
    expect(result).toBe('ok')
    expect(seen).toHaveLength(2)
    expect(seen[0]).not.toBe(seen[1])
    await expect(
      withIdempotencyKey('pay:o1:wechat', async () => {
        throw conflict('ORDER_CLOSED')
      }),
    ).rejects.toThrow(HttpError)
    const after: string[] = []
    await withIdempotencyKey('pay:o1:wechat', async (key) => after.push(key))
    expect(seen).not.toContain(after[0])
  })

  it('makes keys the server accepts', () => {
    expect(newIdempotencyKey()).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/)
  })
})
