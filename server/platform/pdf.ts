import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'

// PDFs we print (the e-policy, a sale's export for a regulator). Their typeface: Noto Sans SC from an npm package (OFL), so a fresh machine without CJK system fonts
// prints the same documents and nothing is downloaded at run time. The TrueType files are 10 MB each; pdfkit embeds
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

/**
 * An A4 document in Chinese with the two weights registered as 'regular' and 'bold', and its bytes once it ends
 * (the e-policy, a sale's export).
 */
export async function openPdf(options: Omit<PDFKit.PDFDocumentOptions, 'size' | 'lang'>) {
  const [regular, bold] = await Promise.all([fontBytes('regular'), fontBytes('bold')])
  const doc = new PDFDocument({ size: 'A4', lang: 'zh-CN', displayTitle: true, ...options })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.registerFont('regular', regular)
  doc.registerFont('bold', bold)
  return { doc, finished }
}
