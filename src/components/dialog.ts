import type { DialogAlertProps, DialogConfirmProps } from 'antd-mobile'
import { importOnce } from '../lib/lazyChunk'

// antd-mobile's Dialog brings its mask, popup and animation libraries (react-spring, @use-gesture: about 35 KiB
// gzip): fetched with the first dialog shown, not with every screen that may show one. Both calls already answer
// with a promise, so a screen waits for the dialog as before. A chunk that failed to load (offline) is asked for
// again by the next dialog; the call rejects meanwhile, as a dialog that could not show.
const overlays = importOnce(() => import('./overlays'))

/** antd-mobile's Dialog.confirm and Dialog.alert, loaded on first use. */
export const Dialog = {
  confirm: (props: DialogConfirmProps): Promise<boolean> => overlays().then((m) => m.Dialog.confirm(props)),
  alert: (props: DialogAlertProps): Promise<void> => overlays().then((m) => m.Dialog.alert(props)),
}
