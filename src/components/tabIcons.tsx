// The tab bar's icons (icons.tsx draws them).
import { Icon } from './icons'

export const HomeIcon = () => (
  <Icon strokeWidth={1.7}>
    <path d="M3.5 10.5L12 3.5l8.5 7M5.5 9v11.5h13V9M10 20.5v-6h4v6" />
  </Icon>
)

export const BagIcon = () => (
  <Icon strokeWidth={1.7}>
    <path d="M5 7.5h14l-1 13H6zM9 10V7a3 3 0 0 1 6 0v3" />
  </Icon>
)

export const GiftIcon = () => (
  <Icon strokeWidth={1.7}>
    <path d="M3.5 8.5h17v4h-17zM5.5 12.5v8h13v-8M12 8.5v12M12 8.5C10.5 5 7 4 7 6.3S12 8.5 12 8.5s5-0 5-2.2-3.5-1.3-5 2.2" />
  </Icon>
)

export const UserIcon = () => (
  <Icon strokeWidth={1.7}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20.5c1.3-4 4.3-6 8-6s6.7 2 8 6" />
  </Icon>
)
