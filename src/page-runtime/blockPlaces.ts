import { createContext } from 'react'

// Where each rendered block sits in the page config, for the studio's canvas (StudioPreviewScreen): the frame
// finds the block under the pointer from its element and answers with the block's JSON pointer, the address the
// editor uses, so a block without an id is selectable too. Recorded by identity while rendering (BlockRenderer),
// so it costs no re-render; the consumer app provides no BlockPlaces and records nothing.

type Block = object
type List = readonly Block[]

export class BlockPlaces {
  private blockOf = new WeakMap<Element, Block>()
  private placeOf = new WeakMap<Block, { list: List; index: number }>()
  private parentOf = new WeakMap<List, Block | null>()

  element(element: Element | null, block: Block): void {
    if (element) this.blockOf.set(element, block)
  }

  list(list: List, parent: Block | null): void {
    this.parentOf.set(list, parent)
    list.forEach((block, index) => this.placeOf.set(block, { list, index }))
  }

  /** The pointer of a list ("/blocks", "/blocks/3/tabs/0/blocks"). */
  listPointer(list: List): string | null {
    const parent = this.parentOf.get(list)
    if (parent === undefined) return null
    if (parent === null) return '/blocks'
    const at = this.pointerOf(parent)
    const inside = pathTo(parent, list)
    return at === null || inside === null ? null : at + inside
  }

  /** The pointer of a rendered block, or null when it is not on the page now. */
  pointerOf(block: Block): string | null {
    const place = this.placeOf.get(block)
    if (!place || place.list[place.index] !== block) return null
    const list = this.listPointer(place.list)
    return list === null ? null : `${list}/${place.index}`
  }

  /** The block element (<section>) holding `node` and its block, or null. */
  blockAt(node: Element | null): { element: HTMLElement; block: Block } | null {
    for (let el = node?.closest('.cp-block'); el; el = el.parentElement?.closest('.cp-block')) {
      const block = this.blockOf.get(el)
      if (block) return { element: el as HTMLElement, block }
    }
    return null
  }
}

/** The pointer of `target` (an array) inside `node`, e.g. "/tabs/0/blocks". */
function pathTo(node: unknown, target: unknown): string | null {
  if (node === target) return ''
  if (typeof node !== 'object' || node === null) return null
  for (const [key, value] of Object.entries(node)) {
    if (typeof value !== 'object' || value === null) continue
    const rest = pathTo(value, target)
    if (rest !== null) return `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}${rest}`
  }
  return null
}

export const BlockPlacesContext = createContext<BlockPlaces | null>(null)
/** The block whose children are rendering (null at the page's top). */
export const ParentBlockContext = createContext<Block | null>(null)
