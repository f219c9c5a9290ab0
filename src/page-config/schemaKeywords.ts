// Keywords of this project's block schemas, beyond JSON Schema. The annotations are registered with ajv so strict
// mode accepts them; scripts/gen-blocks.ts reads them.

/** On a string field: its text is Markdown (compiled to an element tree by the build and the server). */
export const MARKDOWN_KEYWORD = 'x-markdown'
/** On a block schema: the block goes only at the page's top level, never inside another block (tabs). */
export const PAGE_ONLY_KEYWORD = 'x-page-only'
/**
 * On a string field: it is an image every visitor's browser loads. The validator refuses a source outside
 * src/page-config/allowedUrls.ts (schemaSet.ts); the runtime drops one from old versions (foreignImages.ts).
 */
export const IMAGE_KEYWORD = 'x-image'

export const BLOCK_SCHEMA_KEYWORDS = [MARKDOWN_KEYWORD, PAGE_ONLY_KEYWORD] as const
