import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { isAllowedImage } from './allowedUrls'
import { BLOCK_SCHEMA_KEYWORDS, IMAGE_KEYWORD } from './schemaKeywords'

/** Base URI the schema files are registered under, so their relative $refs resolve like files. */
export const SCHEMA_BASE = 'https://schemas.guoheng.local/'

export interface SchemaFile {
  /** Path relative to the repository root, e.g. "schemas/page.schema.json" or "src/blocks/hero/schema.json". */
  path: string
  schema: Record<string, unknown>
}

/** A block's schema lives in the block's folder, with its component, CSS, checks and test. */
export const blockSchemaPath = (type: string) => `src/blocks/${type}/schema.json`

/** The block types that have a schema (folders of src/blocks/ with a schema.json), sorted. */
export function blockSchemaTypes(root: string): string[] {
  return readdirSync(join(root, 'src/blocks'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, blockSchemaPath(entry.name))))
    .map((entry) => entry.name)
    .sort()
}

const readJson = (root: string, path: string): SchemaFile => ({
  path,
  schema: JSON.parse(readFileSync(join(root, path), 'utf8')),
})

function schemasUnder(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) return schemasUnder(root, path)
      return entry.name.endsWith('.schema.json') ? [path] : []
    })
}

/**
 * Every JSON Schema of the repository: the contract under schemas/ (page, content block, block-common, api/) and
 * each block's own schema. The one loader the validator, the generators and the docs read; their relative $refs
 * resolve like files (page.schema.json names ../src/blocks/<type>/schema.json).
 */
export function readSchemaFiles(root: string): SchemaFile[] {
  return [...schemasUnder(root, 'schemas'), ...blockSchemaTypes(root).map(blockSchemaPath)].map((path) =>
    readJson(root, path),
  )
}

/** Compiles the page schema (with every block and common schema it references) once. */
export function compilePageSchema(root: string): ValidateFunction {
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
  for (const file of readSchemaFiles(root)) {
    // Only the page-config family: API schemas are compiled by the server.
    if (file.path.startsWith('schemas/api/')) continue
    ajv.addSchema(file.schema, SCHEMA_BASE + file.path)
  }
  const validate = ajv.getSchema(SCHEMA_BASE + 'schemas/page.schema.json')
  if (!validate) throw new Error('schemas/page.schema.json is missing')
  return validate
}
