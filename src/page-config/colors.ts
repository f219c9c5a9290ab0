// What a colour field of a config holds (block styles, the theme): hex, rgb()/rgba() and hsl()/hsla() with
// numbers, or transparent. Nothing a browser would fetch or evaluate: no url(), image-set(), var(), gradient or
// CSS escape. The schema's $defs/color (schemas/block-common.schema.json) holds the same pattern (a test keeps
// them equal); the runtime applies a colour only when it matches.

export const COLOR_PATTERN =
  '^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|transparent|rgba?\\( *\\d{1,3}(\\.\\d+)?%? *(, *\\d{1,3}(\\.\\d+)?%? *){2}(, *(0|1|0?\\.\\d+|\\d{1,3}%) *)?\\)|hsla?\\( *\\d{1,3}(\\.\\d+)?(deg)? *(, *\\d{1,3}(\\.\\d+)?% *){2}(, *(0|1|0?\\.\\d+|\\d{1,3}%) *)?\\))$'

const COLOR = new RegExp(COLOR_PATTERN)

/** The value when it is a colour, else undefined (nothing is applied). */
export function colorOrNothing(value: unknown): string | undefined {
  return typeof value === 'string' && COLOR.test(value) ? value : undefined
}
