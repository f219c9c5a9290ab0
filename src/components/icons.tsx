// The app's line icons, drawn as a few strokes each on a 24 px grid (1em square, in the text's color). Each of
// antd-mobile-icons' is 0.5 to 2 KiB gzip of path data, and the title bar's back arrow alone sat in every page's
// first chunk; these are about a tenth of that. Screens may still use antd-mobile-icons for one-off glyphs.
// Here the frame's (back, reload, alert), which every page loads; the tab bar's are in tabIcons.tsx and the
// controls' in controlIcons.tsx, with what uses them.
import type { ReactNode } from 'react'

export function Icon({
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
