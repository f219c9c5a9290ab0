// Theme version "blue": the main, light and button colours are the same blue, dark enough for WCAG AA text on
// white, on the page grey and under white button text (6.2:1; antd-mobile's #1677ff is 4.1:1).
export const THEME_VERSION = 'blue'
const BLUE = '#0958d9'

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
