// A value kept for this tab's life (sessionStorage): what the tab has done once already. Storage that is off
// (some private modes) keeps it for the page's life instead.

const memory = new Map<string, string>()

export interface TabFlag {
  get(): string | null
  set(value: string): void
  clear(): void
}

export function tabFlag(key: string): TabFlag {
  return {
    get() {
      try {
        return window.sessionStorage.getItem(key)
      } catch {
        return memory.get(key) ?? null
      }
    },
    set(value) {
      try {
        window.sessionStorage.setItem(key, value)
      } catch {
        memory.set(key, value)
      }
    },
    clear() {
      try {
        window.sessionStorage.removeItem(key)
      } catch {
        memory.delete(key)
      }
    },
  }
}
