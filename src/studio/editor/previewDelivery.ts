/**
 * Hands a message to the frame. The frame is same-origin and runs on this thread: the message is dispatched to
 * it at once, in this task, so it renders the edit before the studio's own paint (a posted message waits behind
 * that paint, about 20 ms with 4x CPU throttling). Not cloned: the editor never mutates a config it has handed
 * on (every edit copies the changed path). A frame that is not reachable gets a posted message.
 */
export function deliver(target: Window | null | undefined, message: Record<string, unknown>) {
  if (!target) return
  try {
    const FrameMessageEvent = (target as typeof window).MessageEvent
    target.dispatchEvent(
      new FrameMessageEvent('message', { data: message, origin: window.location.origin, source: window }),
    )
  } catch {
    target.postMessage(message, window.location.origin)
  }
}
