// Whether the 分享 guide is on show: inside WeChat a page cannot open WeChat's share panel itself, so a share
// action points at WeChat's own ··· menu instead (ShareGuide.tsx). A tiny store, so that page code (config page
// actions) can open it without rendering anything.

let open = false
const listeners = new Set<() => void>()

function set(next: boolean): void {
  if (open === next) return
  open = next
  listeners.forEach((listener) => listener())
}

export const shareGuide = {
  show: () => set(true),
  hide: () => set(false),
  isOpen: () => open,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}
