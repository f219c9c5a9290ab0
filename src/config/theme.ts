// Theme version "blue": the main, light and button colours are the same blue.
export const THEME_VERSION = 'blue'
const BLUE = '#1677ff'

export const THEME = {
  mainColor: BLUE,
  lightColor: BLUE,
  buttonColor: BLUE,
} as const

/** antd-mobile reads its palette from these CSS variables. */
export const THEME_CSS_VARIABLES: Record<string, string> = {
  '--adm-color-primary': THEME.mainColor,
  '--adm-color-primary-light': THEME.lightColor,
  '--app-color-button': THEME.buttonColor,
}

export function applyTheme(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(THEME_CSS_VARIABLES)) root.style.setProperty(name, value)
}
