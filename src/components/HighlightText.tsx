import { Fragment } from 'react'
import './HighlightText.css'

/** Splits `text` into [before, match, after, ...] pieces on every case-insensitive occurrence of `keyword`. */
export function splitOnKeyword(text: string, keyword: string): { text: string; match: boolean }[] {
  const needle = keyword.trim().toLowerCase()
  if (!needle) return [{ text, match: false }]
  const pieces: { text: string; match: boolean }[] = []
  const lower = text.toLowerCase()
  let from = 0
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, from)) {
    if (at > from) pieces.push({ text: text.slice(from, at), match: false })
    pieces.push({ text: text.slice(at, at + needle.length), match: true })
    from = at + needle.length
  }
  if (from < text.length) pieces.push({ text: text.slice(from), match: false })
  return pieces
}

/** Text with the searched keyword marked (<mark>), as in search results. */
export function HighlightText({ text, keyword }: { text: string; keyword?: string }) {
  return (
    <>
      {splitOnKeyword(text, keyword ?? '').map((piece, index) =>
        piece.match ? (
          <mark key={index} className="highlight">
            {piece.text}
          </mark>
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </>
  )
}
