// The wheel-backed fields of a campaign form (a choice, a certificate's type, a date), loaded when the reader first
// touches one (FormBlock.tsx): most forms (a phone and its code) never load them.
import type { ComponentProps } from 'react'
import { DateField } from '../../components/DateField'
import { PickerField } from '../../components/PickerField'
import { preloadFieldWheels } from '../../components/sheets/lazyFieldWheels'
import { addYears } from '../../domain/age'

// Wrappers, not re-exports: a module this chunk re-exported would become a chunk of its own that every screen
// with the field then fetched as one more file (rather than a copy in its own chunk).

/** Starts loading the wheels (a finger on a stand-in). */
export const preloadWheels = () => preloadFieldWheels()

/** A choice a form asks for (PickerField). */
export const FormPickerField = (props: ComponentProps<typeof PickerField<string>>) => (
  <PickerField {...props} />
)

/** A date a form asks for: a day of the last 100 years or the next 5 (`today`: YYYY-MM-DD in Asia/Shanghai). */
export function FormDateField({
  today,
  ...props
}: Omit<ComponentProps<typeof DateField>, 'min' | 'max'> & { today: string }) {
  return <DateField {...props} min={addYears(today, -100)} max={addYears(today, 5)} />
}
