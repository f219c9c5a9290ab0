import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { isAllowedImage } from './allowedUrls'
import { BLOCK_SCHEMA_KEYWORDS, IMAGE_KEYWORD } from './schemaKeywords'

/** Base URI the schema files are registered under, so their relative $refs resolve like files. */
export const SCHEMA_BASE = 'https://schemas.guoheng.local/'

export interface SchemaFile {
  /** Path relative to schemas/, e.g. "blocks/hero.schema.json". */
  path: string
  schema: Record<string, unknown>
}

export function readSchemaFiles(schemaDir: string, under = ''): SchemaFile[] {
  const dir = join(schemaDir, under)
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry): SchemaFile[] => {
      const rel = under ? `${under}/${entry.name}` : entry.name
      if (entry.isDirectory()) return readSchemaFiles(schemaDir, rel)
      if (!entry.name.endsWith('.schema.json')) return []
      return [
        {
          path: relative(schemaDir, join(schemaDir, rel)),
          schema: JSON.parse(readFileSync(join(dir, entry.name), 'utf8')),
        },
      ]
    })
}

/** Compiles the page schema (with every block and common schema it references) once. */
export function compilePageSchema(schemaDir: string): ValidateFunction {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    discriminator: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    allowUnionTypes: true,
  })
  addFormats(ajv, ['date-time'])
  ajv.addVocabulary([...BLOCK_SCHEMA_KEYWORDS])
  // Every field marked as an image, wherever it sits (blocks, share, prizes), by the one rule of allowedUrls.ts.
  ajv.addKeyword({
    keyword: IMAGE_KEYWORD,
    type: 'string',
    schemaType: 'boolean',
    errors: false,
    validate: (marked: boolean, src: string) => !marked || isAllowedImage(src),
  })
  for (const file of readSchemaFiles(schemaDir)) {
    // Only the page-config family: API schemas are compiled by the server.
    if (file.path.startsWith('api/')) continue
    ajv.addSchema(file.schema, SCHEMA_BASE + file.path)
  }
  const validate = ajv.getSchema(SCHEMA_BASE + 'page.schema.json')
  if (!validate) throw new Error('schemas/page.schema.json is missing')
  return validate
}
