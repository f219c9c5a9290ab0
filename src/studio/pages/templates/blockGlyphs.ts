// Which small glyph stands for a block type in a template thumbnail (unknown types get a plain box).

export type Glyph =
  | 'bar'
  | 'image'
  | 'rows'
  | 'grid'
  | 'ticket'
  | 'button'
  | 'notice'
  | 'text'
  | 'tiles'
  | 'fields'
  | 'gap'
  | 'box'

const GLYPHS: Record<string, Glyph> = {
  title: 'bar',
  hero: 'image',
  image: 'image',
  poster: 'image',
  carousel: 'image',
  video: 'image',
  'product-list': 'rows',
  table: 'rows',
  leaderboard: 'rows',
  'rate-history': 'rows',
  lottery: 'grid',
  coupon: 'ticket',
  button: 'button',
  'fixed-button': 'button',
  'app-download': 'button',
  share: 'button',
  'notice-bar': 'notice',
  countdown: 'notice',
  markdown: 'text',
  faq: 'text',
  steps: 'text',
  tabs: 'bar',
  'image-grid': 'tiles',
  form: 'fields',
  calculator: 'fields',
  questionnaire: 'fields',
  'questionnaire-result': 'text',
  guess: 'fields',
  spacer: 'gap',
  divider: 'gap',
}

export const glyphOf = (type: string): Glyph => GLYPHS[type] ?? 'box'
