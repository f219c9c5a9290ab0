import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { TextItem } from 'pdfjs-dist/types/src/display/api'

/** Each page's text as a reader (pdf.js) extracts it, and the pages the first page's links go to (0-based). */
export async function readPdf(bytes: Buffer): Promise<{ pages: string[]; linkedPages: number[] }> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise
  const pages: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent()
    pages.push(
      content.items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => item.str)
        .join(''),
    )
  }
  const linkedPages: number[] = []
  for (const annotation of await (await pdf.getPage(1)).getAnnotations()) {
    if (annotation.subtype !== 'Link' || !annotation.dest) continue
    const dest =
      typeof annotation.dest === 'string' ? await pdf.getDestination(annotation.dest) : annotation.dest
    if (dest) linkedPages.push(await pdf.getPageIndex(dest[0]))
  }
  await pdf.destroy()
  return { pages, linkedPages }
}
