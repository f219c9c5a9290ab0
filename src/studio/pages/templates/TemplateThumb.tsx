// A template card's thumbnail: not a rendering of the page (too heavy for a list) but a summary drawn from its
// config: the cover image (or a coloured header with the title), then one small glyph per block in page order.
import type { FolderConfig } from '../../api/types'
import { glyphOf, type Glyph } from './blockGlyphs'

const HEADER_COLORS = ['#e8552f', '#1677ff', '#13a8a8', '#d4380d', '#722ed1', '#389e0d', '#c41d7f']

/** A stable colour per template, so a card keeps its colour from one opening to the next. */
function headerColor(file: string): string {
  let hash = 0
  for (const ch of file) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  return HEADER_COLORS[hash % HEADER_COLORS.length]
}

/** How many block glyphs fit under the header; the rest is said as 「+N」. */
const MAX_GLYPHS = 7

const PARTS: Partial<Record<Glyph, number>> = { grid: 9, rows: 3, text: 3, tiles: 4, fields: 2 }

function BlockGlyph({ glyph }: { glyph: Glyph }) {
  const parts = PARTS[glyph] ?? 0
  return (
    <span className={`tpl-glyph tpl-glyph--${glyph}`}>
      {Array.from({ length: parts }, (_, i) => (
        <span key={i} />
      ))}
    </span>
  )
}

export function TemplateThumb({
  folder,
}: {
  folder: Pick<FolderConfig, 'file' | 'title' | 'cover' | 'blockTypes'>
}) {
  // The cover stands for the first block when that block is the image; its glyph is not drawn twice.
  const types = folder.cover ? folder.blockTypes.slice(1) : folder.blockTypes
  const shown = types.slice(0, MAX_GLYPHS)
  return (
    <div className="tpl-thumb" aria-hidden="true">
      {folder.cover ? (
        <img className="tpl-thumb__cover" src={folder.cover} alt="" loading="lazy" decoding="async" />
      ) : (
        <div className="tpl-thumb__header" style={{ background: headerColor(folder.file) }}>
          {folder.title}
        </div>
      )}
      <div className="tpl-thumb__blocks">
        {shown.map((type, i) => (
          <BlockGlyph key={i} glyph={glyphOf(type)} />
        ))}
        {types.length > shown.length && (
          <span className="tpl-thumb__more">+{types.length - shown.length}</span>
        )}
      </div>
    </div>
  )
}
