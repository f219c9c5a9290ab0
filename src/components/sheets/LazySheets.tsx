import { createContext, Suspense, useContext, type ComponentProps, type ComponentType } from 'react'
import type { DatePicker as DatePickerType, Picker as PickerType, Popup as PopupType } from 'antd-mobile'
import { importOnce } from '../../lib/lazyChunk'
import { lazyWithRetry, type ChunkFailedProps } from '../../lib/lazyWithRetry'
import { useOpenedOnce } from './useOpenedOnce'
import './LazySheets.css'

// The bottom sheets (wheel pickers, popups) load on first use: a screen with date or choice fields or a sheet to
// open shows and answers without them, and a finger on what opens one starts the download (preloadSheets) before
// the tap ends.

/** One import, shared by the preload and the sheets; a retry after a failure imports again. */
const load = importOnce(() => import('./sheetParts'))

/** Starts loading the sheets' chunk. */
export function preloadSheets(): void {
  void load().catch(() => {
    // The sheet's own import reports a failure, with 重试, when it is opened.
  })
}

/** Whether the sheet in whose place something stands is open, and how to close it. */
const Opened = createContext<{ visible: boolean; close: () => void }>({ visible: false, close: () => {} })

/** In an open sheet's place while its chunk would not load: said at the bottom of the screen, with 重试 and 关闭. */
function SheetFailed({ retry }: ChunkFailedProps) {
  const { visible, close } = useContext(Opened)
  if (!visible) return null
  return (
    <div className="sheet-standin" role="alert">
      <span>内容加载失败，请检查网络</span>
      <button type="button" className="sheet-standin-button" onClick={retry}>
        重试
      </button>
      <button type="button" className="sheet-standin-button" onClick={close}>
        关闭
      </button>
    </div>
  )
}

const LoadedDatePicker = lazyWithRetry(() => load().then((m) => ({ default: m.DatePicker })), SheetFailed)
const LoadedPicker = lazyWithRetry(() => load().then((m) => ({ default: m.Picker })), SheetFailed)
const LoadedPopup = lazyWithRetry(() => load().then((m) => ({ default: m.Popup })), SheetFailed)

interface SheetProps {
  visible?: boolean
  onClose?: () => void
}

/**
 * `Part` (a sheet of the lazy chunk) mounted from its first opening on, with a stand-in while its chunk loads or
 * would not.
 */
function onFirstOpen<P extends SheetProps>(Part: ComponentType<P>): ComponentType<P> {
  return function LazySheet(props: P) {
    const opened = useOpenedOnce(props.visible)
    if (!opened) return null
    const visible = Boolean(props.visible)
    const standIn = visible ? (
      <div className="sheet-standin" role="status">
        加载中…
      </div>
    ) : null
    return (
      <Opened.Provider value={{ visible, close: () => props.onClose?.() }}>
        <Suspense fallback={standIn}>
          <Part {...props} />
        </Suspense>
      </Opened.Provider>
    )
  }
}

/** antd-mobile's DatePicker, loaded when first opened. */
export const DateWheel = onFirstOpen<ComponentProps<typeof DatePickerType>>(LoadedDatePicker)
/** antd-mobile's Picker, loaded when first opened. */
export const ChoiceWheel = onFirstOpen<ComponentProps<typeof PickerType>>(LoadedPicker)
/** antd-mobile's Popup, loaded when first opened. */
export const Sheet = onFirstOpen<ComponentProps<typeof PopupType>>(LoadedPopup)
