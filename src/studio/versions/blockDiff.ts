// A block-level comparison of two page configs with jsondiffpatch: blocks are matched by their `id`, else by
// their type and rank among the blocks of that type without an id ("image#1"), so a block that moved is a move
// and not a removal plus an addition; inside a matched block, every changed field with its value before and
// after. Settings outside the blocks (title, schedule, campaigns…) are compared field by field too.
import { create, type Delta } from 'jsondiffpatch'
import type { PageConfig } from '../api/types'

export interface FieldChange {
  /** JSON pointer inside the block (or the page), e.g. /items/0/title. */
  path: string
  /** undefined: the field did not exist on that side. */
  before: unknown
  after: unknown
  /** For an item moved inside a list: its old and new position. */
  moved?: { from: number; to: number }
}

export type BlockChangeKind = 'added' | 'removed' | 'moved' | 'changed'

export interface BlockChange {
  kind: BlockChangeKind
  /** How the block was matched: its id, else "type#rank". */
  key: string
  id: string | null
  type: string
  /** Position in the older config (not for added) and in the newer one (not for removed), from 0. */
  from: number | null
  to: number | null
  fields: FieldChange[]
}

export interface ConfigDiff {
  page: FieldChange[]
  blocks: BlockChange[]
}

type Json = Record<string, unknown>

// jsondiffpatch's delta shapes (its own guards are exported as types only): [new], [old, new], [old, 0, 0],
// [text diff, 0, 2], ['', to, 3], { _t: 'a', … } for an array, any other object for an object.
const isAddedDelta = (d: Delta): d is [unknown] => Array.isArray(d) && d.length === 1
const isModifiedDelta = (d: Delta): d is [unknown, unknown] => Array.isArray(d) && d.length === 2
const isDeletedDelta = (d: Delta) => Array.isArray(d) && d.length === 3 && d[2] === 0
const isTextDiffDelta = (d: Delta) => Array.isArray(d) && d.length === 3 && d[2] === 2
const isMovedDelta = (d: Delta) => Array.isArray(d) && d.length === 3 && d[2] === 3
const isArrayDelta = (d: Delta): d is Record<string, Delta> =>
  typeof d === 'object' && d !== null && !Array.isArray(d) && (d as Json)._t === 'a'
const isObjectDelta = (d: Delta): d is Record<string, Delta> =>
  typeof d === 'object' && d !== null && !Array.isArray(d) && (d as Json)._t !== 'a'
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The matching key of every top-level block. */
export function blockKeys(blocks: readonly unknown[]): string[] {
  const ranks = new Map<string, number>()
  return blocks.map((block) => {
    const b = isObject(block) ? block : {}
    if (typeof b.id === 'string' && b.id) return b.id
    const type = typeof b.type === 'string' ? b.type : '?'
    const rank = ranks.get(type) ?? 0
    ranks.set(type, rank + 1)
    return `${type}#${rank}`
  })
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1')

/** Every changed leaf of a delta, as paths under `base` with the values before and after. */
function fieldChanges(delta: Delta, base: string, out: FieldChange[] = []): FieldChange[] {
  if (delta === undefined) return out
  if (isAddedDelta(delta)) out.push({ path: base || '/', before: undefined, after: delta[0] })
  else if (isModifiedDelta(delta)) out.push({ path: base || '/', before: delta[0], after: delta[1] })
  else if (isDeletedDelta(delta))
    out.push({ path: base || '/', before: (delta as unknown[])[0], after: undefined })
  else if (isTextDiffDelta(delta)) out.push({ path: base || '/', before: '…', after: '…' })
  else if (isArrayDelta(delta)) {
    for (const [key, value] of Object.entries(delta)) {
      if (key === '_t') continue
      const removedOrMoved = key.startsWith('_')
      const index = Number(removedOrMoved ? key.slice(1) : key)
      if (removedOrMoved && isMovedDelta(value as Delta)) {
        const to = (value as [unknown, number, 3])[1]
        out.push({
          path: `${base}/${index}`,
          before: undefined,
          after: undefined,
          moved: { from: index, to },
        })
      } else fieldChanges(value as Delta, `${base}/${index}`, out)
    }
  } else if (isObjectDelta(delta)) {
    for (const [key, value] of Object.entries(delta))
      fieldChanges(value as Delta, `${base}/${escape(key)}`, out)
  }
  return out
}

export function diffConfigs(older: PageConfig, newer: PageConfig): ConfigDiff {
  const olderBlocks: unknown[] = Array.isArray(older.blocks) ? older.blocks : []
  const newerBlocks: unknown[] = Array.isArray(newer.blocks) ? newer.blocks : []
  const olderKeys = blockKeys(olderBlocks)
  const newerKeys = blockKeys(newerBlocks)
  const keyOf = new WeakMap<object, string>()
  olderBlocks.forEach((b, i) => isObject(b) && keyOf.set(b, olderKeys[i]))
  newerBlocks.forEach((b, i) => isObject(b) && keyOf.set(b, newerKeys[i]))

  const differ = create({
    // Top-level blocks by their key; anything else by an id when it has one, else by position.
    objectHash: (item, index) => {
      const key = keyOf.get(item)
      if (key !== undefined) return key
      const id = (item as Json).id
      return typeof id === 'string' || typeof id === 'number' ? `id:${id}` : `#${index ?? 0}`
    },
    arrays: { detectMove: true, includeValueOnMove: false },
  })

  const { blocks: _a, ...olderPage } = older as unknown as Json
  const { blocks: _b, ...newerPage } = newer as unknown as Json
  const page = fieldChanges(differ.diff(olderPage, newerPage), '')

  const describe = (block: unknown) => {
    const b = isObject(block) ? block : {}
    return { id: typeof b.id === 'string' ? b.id : null, type: typeof b.type === 'string' ? b.type : '?' }
  }
  const changes = new Map<string, BlockChange>()
  const delta = differ.diff(olderBlocks, newerBlocks)
  if (delta !== undefined && isArrayDelta(delta)) {
    for (const [key, value] of Object.entries(delta)) {
      if (key === '_t') continue
      if (key.startsWith('_')) {
        const from = Number(key.slice(1))
        const block = olderBlocks[from]
        if (isMovedDelta(value as Delta)) {
          const to = (value as [unknown, number, 3])[1]
          const existing = changes.get(olderKeys[from])
          changes.set(olderKeys[from], {
            ...describe(block),
            key: olderKeys[from],
            kind: 'moved',
            from,
            to,
            fields: existing?.fields ?? [],
          })
        } else {
          changes.set(olderKeys[from], {
            ...describe(block),
            key: olderKeys[from],
            kind: 'removed',
            from,
            to: null,
            fields: [],
          })
        }
        continue
      }
      const to = Number(key)
      const block = newerBlocks[to]
      const blockKey = newerKeys[to]
      if (isAddedDelta(value as Delta)) {
        changes.set(blockKey, {
          ...describe(block),
          key: blockKey,
          kind: 'added',
          from: null,
          to,
          fields: [],
        })
        continue
      }
      const fields = fieldChanges(value as Delta, '')
      const existing = changes.get(blockKey)
      if (existing) existing.fields = fields
      else
        changes.set(blockKey, {
          ...describe(block),
          key: blockKey,
          kind: 'changed',
          from: olderKeys.indexOf(blockKey),
          to,
          fields,
        })
    }
  }
  // A moved block that also changed keeps the kind "moved" with its fields; list in the newer order, removed
  // blocks at their old place.
  const blocks = [...changes.values()].sort(
    (x, y) => (x.to ?? x.from ?? 0) - (y.to ?? y.from ?? 0) || (x.kind === 'removed' ? -1 : 1),
  )
  return { page, blocks }
}
