// The app's line icons, drawn as a few strokes each on a 24 px grid (1em square, in the text's color). Each of
// antd-mobile-icons' is 0.5 to 2 KiB gzip of path data, and the title bar's back arrow alone sat in every page's
// first chunk; these are about a tenth of that. Screens may still use antd-mobile-icons for one-off glyphs.
import type { ReactNode } from 'react'

function Icon({
  children,
  strokeWidth = 2,
  className,
}: {
  children: ReactNode
  strokeWidth?: number
  className?: string
}) {
  return (
    <svg
      className={className ? `app-icon ${className}` : 'app-icon'}
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      {children}
    </svg>
  )
}

export const BackIcon = () => (
  <Icon>
    <path d="M15 4.5L7.5 12l7.5 7.5" />
  </Icon>
)

export const ForwardIcon = () => (
  <Icon>
    <path d="M9 4.5l7.5 7.5L9 19.5" />
  </Icon>
)

/** An exclamation mark in a circle: something went wrong. */
export const AlertIcon = ({ className }: { className?: string }) => (
  <Icon strokeWidth={1.6} className={className}>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M12 7v6.5M12 16.5v.5" />
  </Icon>
)

/** A reload arrow: the chunk error screen's, in every page's first script. */
export const ReloadIcon = () => (
  <Icon strokeWidth={1.6}>
    <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 3.5v4h-4" />
  </Icon>
)

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
)

export const AddIcon = () => (
  <Icon>
    <path d="M12 5v14M5 12h14" />
  </Icon>
)

export const MinusIcon = () => (
  <Icon>
    <path d="M5 12h14" />
  </Icon>
)

export const SpeakerIcon = () => (
  <Icon strokeWidth={1.8}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </Icon>
)

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
