import { Suspense, type ComponentType } from 'react'
import { importOnce } from '../../lib/lazyChunk'
import { lazyWithRetry } from '../../lib/lazyWithRetry'

export { useOpenedOnce } from './useOpenedOnce'

// The choice and date fields' wheels (fieldWheels.tsx) load when a field is first touched: a finger on a field, or
// the focus, starts the download (and that of antd-mobile's wheels, LazySheets.tsx) before the tap ends.

const wheels = importOnce(() => import('./fieldWheels'))

/** Starts loading the fields' wheels. */
export function preloadFieldWheels(): void {
  wheels().then(
    (m) => m.preloadWheels(),
    () => {
      // The wheel's own import reports a failure, with 重试, when it is opened.
    },
  )
}

interface WheelProps {
  /** The field's id: the wheel is named after it (data-field). */
  id: string
  title: string
  open: boolean
  close: () => void
}

export interface ChoiceFieldWheelProps extends WheelProps {
  options: readonly { value: string; label: string }[]
  value: string
  onChoose: (value: string) => void
}

export interface DateFieldWheelProps extends WheelProps {
  /** ISO dates bounding the choice, and the chosen one ('' for none). */
  min: string
  max: string
  value: string
  onChoose: (iso: string) => void
}

/** The wheel `Part` of fieldWheels.tsx, with the sheets' stand-in while its chunk loads. */
function lazyWheel<P extends WheelProps>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Wheel = lazyWithRetry(load)
  return function FieldWheel(props: P) {
    const standIn = props.open ? (
      <div className="sheet-standin" role="status">
        加载中…
      </div>
    ) : null
    return (
      <Suspense fallback={standIn}>
        <Wheel {...props} />
      </Suspense>
    )
  }
}

export const ChoiceFieldWheel = lazyWheel<ChoiceFieldWheelProps>(() =>
  wheels().then((m) => ({ default: m.ChoiceFieldWheel })),
)
export const DateFieldWheel = lazyWheel<DateFieldWheelProps>(() =>
  wheels().then((m) => ({ default: m.DateFieldWheel })),
)
