// The texts a person edits in place on the studio's canvas (double-click in the preview): which field of which
// block type, and where the frame finds that text in the block's element. Markdown, images' alt texts and texts
// from bindings ({{…}}) are edited in the property form only.

export interface InlineText {
  /** The block's own field (top level) that holds the text. */
  field: string
  /** The element showing it, inside the block's <section>. */
  selector: string
}

export const INLINE_TEXT: Readonly<Record<string, readonly InlineText[]>> = {
  title: [
    { field: 'text', selector: '.blk-title > h1, .blk-title > h2, .blk-title > h3' },
    { field: 'subtitle', selector: '.blk-title > p' },
  ],
  button: [{ field: 'text', selector: '.adm-button > span' }],
  'fixed-button': [{ field: 'text', selector: '.blk-fixed-button > .adm-button:last-child > span' }],
  'notice-bar': [{ field: 'text', selector: '.adm-notice-bar-content-inner' }],
}

/** Whether `field` of a `type` block is edited in place. */
export const isInlineText = (type: unknown, field: string): boolean =>
  typeof type === 'string' && (INLINE_TEXT[type] ?? []).some((t) => t.field === field)
