import { lazy, Suspense, useState, type ComponentProps } from 'react'

// antd-mobile's wheel date picker (with its popup, wheels and animation library, ~25 KiB gzip) is fetched when a
// date is first picked, not with every screen that has a date on it; once opened it stays mounted as before.
const DatePicker = lazy(() => import('./datePicker'))

type Props = ComponentProps<typeof DatePicker>

/** antd-mobile's DatePicker, loaded the first time it is made visible. */
export function LazyDatePicker(props: Props) {
  const [wanted, setWanted] = useState(false)
  if (props.visible && !wanted) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense>
      <DatePicker {...props} />
    </Suspense>
  )
}
