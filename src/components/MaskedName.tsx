import './MaskedName.css'

/**
 * A name the server masked (`*三`, maskName): each hidden character is shown as a grey dot, never as an asterisk
 * that reads as a required-field star beside a label. Screen readers hear the visible characters and that the
 * rest is hidden.
 */
export function MaskedName({ name }: { name: string }) {
  const chars = Array.from(name)
  const hidden = chars.filter((c) => c === '*').length
  return (
    <span className="masked-name" data-testid="masked-name">
      {chars.map((c, i) =>
        c === '*' ? (
          <span key={i} className="masked-name-dot" aria-hidden="true">
            •
          </span>
        ) : (
          c
        ),
      )}
      {hidden > 0 && <span className="masked-name-note">（已隐去{hidden}个字）</span>}
    </span>
  )
}
