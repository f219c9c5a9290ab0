import { act, fireEvent, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'

/** Lets timers already queued run first: antd-mobile's wheel commits a choice through a 0 ms debounce. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))

/** Picks a named choice in a PickerField (its button): opens the wheel, taps the choice, confirms. */
export async function pickOption(field: HTMLElement, label: string) {
  fireEvent.click(field)
  const picker = await waitFor(() => {
    const open = document.querySelector<HTMLElement>(`.adm-picker[data-field="${field.id}"]`)
    if (!open || (open.closest('.adm-popup') as HTMLElement | null)?.style.display === 'none')
      throw new Error('the picker did not open')
    return open
  })
  const item = within(picker).getByText(label).closest('.adm-picker-view-column-item') as HTMLElement
  // The wheel settles on an item as it opens and hands it to the picker through a 0 ms debounce; the picker's
  // value coming back resets the wheel, so a tap before that round trip is overwritten.
  const column = item.closest('.adm-picker-view-column') as HTMLElement
  await waitFor(() => expect(column.querySelector('[data-selected="true"]')).not.toBeNull())
  await settle()
  fireEvent.click(item)
  await waitFor(() => expect(item).toHaveAttribute('data-selected', 'true'))
  // The choice reaches the picker's value through the same debounce: 确定 before it would confirm the old one.
  await settle()
  fireEvent.click(within(picker).getByText('确定'))
  // By id: a field may stand in for another until tapped (a campaign form's, FormBlock.tsx).
  await waitFor(() => expect(document.getElementById(field.id)).toHaveTextContent(label))
}
