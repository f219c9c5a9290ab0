import type { NoticeKind } from '../../config/constants'

// The kind marks of notifications as inline SVG (a few hundred bytes, no icon font): glyphs like ℹ or ✓
// render as empty boxes where the device has no font with them.

const COLOR: Record<NoticeKind, string> = {
  info: 'var(--adm-color-primary)',
  success: 'var(--adm-color-success)',
  error: 'var(--adm-color-danger)',
  warning: 'var(--adm-color-warning)',
  loading: 'var(--adm-color-primary)',
}

/** The stroke drawn inside the circle for each kind. */
const INNER: Record<Exclude<NoticeKind, 'loading'>, string> = {
  info: 'M12 11v6M12 7.5v.5',
  success: 'M7.5 12.5l3 3 6-6.5',
  error: 'M8.5 8.5l7 7M15.5 8.5l-7 7',
  warning: 'M12 7v6.5M12 16.5v.5',
}

export function NoticeMark({ kind }: { kind: NoticeKind }) {
  const common = {
    width: 18,
    height: 18,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: COLOR[kind],
    strokeWidth: 2,
    strokeLinecap: 'round' as const,
    'aria-hidden': true,
    'data-kind': kind,
  }
  if (kind === 'loading')
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="9" strokeOpacity="0.25" />
        <path d="M12 3a9 9 0 0 1 9 9">
          <animateTransform
            attributeName="transform"
            type="rotate"
            from="0 12 12"
            to="360 12 12"
            dur="0.9s"
            repeatCount="indefinite"
          />
        </path>
      </svg>
    )
  return (
    <svg {...common}>
      <circle cx="12" cy="12" r="9" />
      <path d={INNER[kind]} />
    </svg>
  )
}
