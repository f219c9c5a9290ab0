// The wheel-backed fields of a campaign form (a choice, a certificate's type, a date), loaded when the reader first
// touches one (FormBlock.tsx): most forms (a phone and its code) never load them.
import type { ComponentProps } from 'react'
import { DateField } from '../../components/DateField'
import { addYears } from '../../domain/age'

export { PickerField } from '../../components/PickerField'
export { preloadFieldWheels } from '../../components/sheets/lazyFieldWheels'

/** A date a form asks for: a day of the last 100 years or the next 5 (`today`: YYYY-MM-DD in Asia/Shanghai). */
export function FormDateField({
  today,
  ...props
}: Omit<ComponentProps<typeof DateField>, 'min' | 'max'> & { today: string }) {
  return <DateField {...props} min={addYears(today, -100)} max={addYears(today, 5)} />
}
