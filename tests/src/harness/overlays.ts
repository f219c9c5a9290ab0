import { waitFor } from '@testing-library/react'

/**
 * Waits until a user could tap `element`, and returns it. antd-mobile's dialogs and popups take pointer events
 * only once their opening animation has ended (`pointer-events: none` inline until then), so user-event's
 * pointer-events check refuses a tap sooner, as a browser would.
 *
 * Tap an overlay no sooner. A tap that closes it before its opening animation has drawn a frame (the 16 ms of
 * jsdom's first animation frame: a test that runs on warm modules is that fast) turns the spring back to where it
 * stands, and react-spring 9.6 (antd-mobile's) then stops it without calling onRest (pmndrs/react-spring#1802).
 * antd-mobile unmounts a closed dialog or popup in that onRest: it stayed in the document for good, at opacity 0.
 */
export async function tappable<T extends Element>(element: T): Promise<T> {
  await waitFor(() => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      if ((node as HTMLElement).style?.pointerEvents === 'none') throw new Error('still animating in')
    }
  })
  return element
}
