// Bringing a field of the property form into view and giving it the focus (an error picked in the error list):
// the field's own input, not its frame, with a folded 高级 section opened first. The form may still be
// rendering when asked (the tab was just switched): it is looked for on the next frames until it is there.

const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, [contenteditable="true"], button, [tabindex]'

/** The element of `id` or, cutting the id's last parts, of the nearest enclosing field. */
function fieldElement(id: string): HTMLElement | null {
  let el: HTMLElement | null = null
  for (let cut = id; cut && !el; cut = cut.slice(0, Math.max(cut.lastIndexOf('_'), 0)))
    el = document.getElementById(cut)
  return el
}

function focusNow(id: string): boolean {
  const el = fieldElement(id)
  if (!el) return false
  for (
    let details = el.closest('details');
    details;
    details = details.parentElement?.closest('details') ?? null
  )
    details.open = true
  const target = el.matches(FOCUSABLE) ? el : (el.querySelector<HTMLElement>(FOCUSABLE) ?? el)
  target.scrollIntoView?.({ block: 'center' })
  target.focus()
  return true
}

/** Focuses the field of rjsf id `id` as soon as it is rendered (gives up after about a second). Returns a canceller. */
export function focusFieldWhenShown(id: string): () => void {
  let frames = 0
  let handle = 0
  const attempt = () => {
    if (focusNow(id) || ++frames > 60) return
    handle = requestAnimationFrame(attempt)
  }
  handle = requestAnimationFrame(attempt)
  return () => cancelAnimationFrame(handle)
}
