// The {{…}} binding syntax: a dotted path from a whitelisted root, never code.
// Shared by the runtime (resolution) and the validator (static checks).

export const BINDING_ROOTS = ['user', 'signIn', 'common', 'query', 'params', 'data'] as const
export type BindingRoot = (typeof BINDING_ROOTS)[number]

/** Matches one {{ path }} occurrence; group 1 is the path. */
export const BINDING_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g
const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/

export interface ParsedBinding {
  root: BindingRoot
  segments: string[]
}

/** Parses "data.products.items.length" into root + segments; null when not allowed. */
export function parseBinding(path: string): ParsedBinding | null {
  if (!PATH.test(path)) return null
  const [root, ...segments] = path.split('.')
  if (!(BINDING_ROOTS as readonly string[]).includes(root)) return null
  if (segments.some((s) => s === '__proto__' || s === 'constructor' || s === 'prototype')) return null
  return { root: root as BindingRoot, segments }
}

/** Every binding path in a string. */
export function bindingsIn(text: string): string[] {
  return Array.from(text.matchAll(BINDING_PATTERN), (m) => m[1])
}
