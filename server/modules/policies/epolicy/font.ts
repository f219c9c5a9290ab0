import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

// The e-policy's typeface: Noto Sans SC from an npm package (OFL), so a fresh machine without CJK system fonts
// prints the same document and nothing is downloaded at run time. The TrueType files are 10 MB each; pdfkit embeds
// only the glyphs a document uses (a policy's PDF stays under 100 KB).

const require = createRequire(import.meta.url)
const FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const

export type Weight = keyof typeof FILES

const loaded = new Map<Weight, Promise<Buffer>>()

/** The font file's bytes, read once per process (with the first e-policy asked for, not at start-up). */
export function fontBytes(weight: Weight): Promise<Buffer> {
  let bytes = loaded.get(weight)
  if (!bytes) {
    bytes = readFile(require.resolve(FILES[weight]))
    bytes.catch(() => loaded.delete(weight))
    loaded.set(weight, bytes)
  }
  return bytes
}
