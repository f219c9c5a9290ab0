// Bringing a field of the property form into view and giving it the focus (an error picked in the error list):
// the field's own input, not its frame, with a folded 高级 section opened first. The form may still be
// rendering when asked (the tab was just switched): it is looked for on the next frames until it is there.

const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, [contenteditable="true"], button, [tabindex]'

/**
 * The element of `id` or, cutting the id's last parts, of the nearest enclosing field; never the bare "root"
 * (that is the app's mount point, found before the form is there).
 */
function fieldElement(id: string): HTMLElement | null {
  let el: HTMLElement | null = null
  for (let cut = id; cut.includes('_') && !el; cut = cut.slice(0, cut.lastIndexOf('_')))
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

/** Focuses the field of rjsf id `id` as soon as it is rendered (gives up after 5 s). */
export function focusFieldWhenShown(id: string): void {
  // The form is a lazy chunk: on a slow machine its first showing can take a few seconds.
  const until = performance.now() + 5000
  const attempt = () => {
    if (!focusNow(id) && performance.now() < until) requestAnimationFrame(attempt)
  }
  requestAnimationFrame(attempt)
}
