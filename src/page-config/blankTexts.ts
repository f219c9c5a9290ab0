// Texts that look filled but show nothing: only spaces (full-width and invisible ones included). The schema's
// minLength sees characters; a person sees an empty title.
import { escapePointer, isObject } from './json'

const BLANK = /^[\s\u200b-\u200d\u2060\ufeff]+$/

/** The pointers of every string of the config that holds only spaces. */
export function blankTexts(config: unknown): string[] {
  const found: string[] = []
  const walk = (node: unknown, pointer: string) => {
    if (typeof node === 'string') {
      if (BLANK.test(node)) found.push(pointer)
    } else if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${pointer}/${i}`))
    else if (isObject(node)) for (const key in node) walk(node[key], `${pointer}/${escapePointer(key)}`)
  }
  walk(config, '')
  return found
}
