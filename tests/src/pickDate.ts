import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'

/** Lets timers already queued run first: antd-mobile's wheel commits a choice through a 0 ms debounce. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))

/** Picks an ISO date in a DateField (found by its label): opens the wheel, taps year, month, day, confirms. */
export async function pickDate(label: string, iso: string) {
  await pick(screen.getByLabelText(label), iso)
}

/** The same, for a field found by its id (forms with two people have two of each label). */
export async function pickDateById(id: string, iso: string) {
  await pick(document.getElementById(id) as HTMLElement, iso)
}

async function pick(field: HTMLElement, iso: string) {
  fireEvent.click(field)
  // Pickers closed earlier stay in the document, hidden.
  const picker = await waitFor(() => {
    // This field's own wheel (DateField names it), which appears once its code has loaded.
    const selector = field.id ? `.adm-picker[data-field="${CSS.escape(field.id)}"]` : '.adm-picker'
    const open = Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((p) => (p.closest('.adm-popup') as HTMLElement | null)?.style.display !== 'none')
      .at(-1)
    if (!open) throw new Error('the date picker did not open')
    return open
  })
  const [y, m, d] = iso.split('-').map(Number)
  for (const text of [`${y}年`, `${m}月`, `${d}日`]) {
    fireEvent.click(within(picker).getByText(text))
    await settle()
  }
  fireEvent.click(within(picker).getByText('确定'))
  // By id: a field may stand in for another until tapped (a campaign form's, FormBlock.tsx).
  await waitFor(() => expect(document.getElementById(field.id)).toHaveAttribute('value', iso))
}
