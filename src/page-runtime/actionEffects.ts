// What actions show on screen (toasts, dialogs, the share sheet). antd-mobile's overlays bring react-spring
// and gestures, so this module is loaded on the first action that needs it, not with the page.
import { Dialog } from '../components/dialog'

export { toast } from '../components/notice'
export { sharePage } from '../components/share/sharePage'

export async function alertDialog(
  title: string | undefined,
  content: string,
  confirmText: string,
): Promise<void> {
  await Dialog.alert({ title, content, confirmText })
}
