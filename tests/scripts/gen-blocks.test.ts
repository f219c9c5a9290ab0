import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { discoverBlocks } from '../../scripts/gen-blocks'

const dir = mkdtempSync(join(tmpdir(), 'gen-blocks-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function schema(type: string, constant = type) {
  mkdirSync(join(dir, 'src/blocks', type), { recursive: true })
  const file = join(dir, 'src/blocks', type, 'schema.json')
  writeFileSync(file, JSON.stringify({ type: 'object', properties: { type: { const: constant } } }))
}
function component(folder: string, name?: string) {
  mkdirSync(join(dir, 'src/blocks', folder), { recursive: true })
  if (name) writeFileSync(join(dir, 'src/blocks', folder, name), 'export default function X() {}\n')
}

describe('gen:blocks', () => {
  it('fails with a clear message when a block folder lacks its schema or component', () => {
    schema('good-one')
    component('good-one', 'GoodOneBlock.tsx')
    schema('other-type', 'another')
    component('other-type', 'OtherTypeBlock.tsx')
    component('no-schema', 'NoSchemaBlock.tsx')
    schema('misnamed')
    component('misnamed', 'Misnamed.tsx')
    component('shared')
    const { blocks, problems } = discoverBlocks(dir)
    expect(blocks.map((b) => b.type)).toEqual(['good-one', 'misnamed', 'other-type'])
    expect(problems).toEqual([
      'src/blocks/misnamed/ has no MisnamedBlock.tsx (the component is named after the type)',
      'src/blocks/no-schema/ has no schema: add src/blocks/no-schema/schema.json',
      'src/blocks/other-type/schema.json: properties.type must be { "const": "other-type" }',
    ])
  })

  it('finds every block of the repository with its component', () => {
    const { blocks, problems } = discoverBlocks(join(import.meta.dirname, '../..'))
    expect(problems).toEqual([])
    expect(blocks.length).toBeGreaterThanOrEqual(23)
  })
})
