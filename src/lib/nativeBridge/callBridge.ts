import type { BridgeMethod, BridgeMethods, GuohengBridge } from './protocol'

/** Thrown when the app's bridge is not there or does not implement the method: the browser fallback applies. */
export class BridgeUnavailableError extends Error {
  readonly name = 'BridgeUnavailableError'
  constructor(readonly method: BridgeMethod) {
    super(`native bridge: ${method} unavailable`)
  }
}

/** Thrown when the app took longer than the method's limit to answer. */
export class BridgeTimeoutError extends Error {
  readonly name = 'BridgeTimeoutError'
  constructor(readonly method: BridgeMethod) {
    super(`native bridge: ${method} timed out`)
  }
}

function bridge(): GuohengBridge | undefined {
  if (typeof window === 'undefined') return undefined
  const found = window.GuohengBridge
  return found && typeof found.call === 'function' ? found : undefined
}

/** Whether the company's app offers `method` here (its bridge is injected, and lists the method if it lists any). */
export function bridgeOffers(method: BridgeMethod): boolean {
  const found = bridge()
  return Boolean(found && (!Array.isArray(found.methods) || found.methods.includes(method)))
}

/**
 * Calls the app; `timeoutMs` 0: waits as long as the app takes (pay, share: the user is in the app's own screen).
 * An app that rejects with `{ code: 'UNSUPPORTED' }` lacks the method: BridgeUnavailableError.
 */
export async function callBridge<M extends BridgeMethod>(
  method: M,
  params: BridgeMethods[M]['params'],
  timeoutMs: number,
): Promise<BridgeMethods[M]['result']> {
  const found = bridge()
  if (!found || !bridgeOffers(method)) throw new BridgeUnavailableError(method)
  let timer: ReturnType<typeof setTimeout> | undefined
  const late =
    timeoutMs > 0
      ? new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new BridgeTimeoutError(method)), timeoutMs)
        })
      : null
  try {
    const answer = Promise.resolve().then(() => found.call(method, params))
    return await (late ? Promise.race([answer, late]) : answer)
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    if (code === 'UNSUPPORTED') throw new BridgeUnavailableError(method)
    throw error
  } finally {
    clearTimeout(timer)
  }
}
