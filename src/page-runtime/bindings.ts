import { BINDING_PATTERN, parseBinding, type BindingRoot } from '../page-config/bindingSyntax'

export type BindingScope = Partial<Record<BindingRoot, unknown>>

function lookup(value: unknown, segments: readonly string[]): unknown {
  let current = value
  for (const segment of segments) {
    if (current === null || current === undefined) return undefined
    if (typeof current !== 'object' && typeof current !== 'string') return undefined
    // Own properties only (and array/string length): nothing from prototypes.
    if (segment === 'length' && (Array.isArray(current) || typeof current === 'string')) {
      current = current.length
      continue
    }
    if (typeof current === 'string' || !Object.prototype.hasOwnProperty.call(current, segment))
      return undefined
    current = (current as Record<string, unknown>)[segment]
  }
  return current
}

/** Value of one binding path in the scope; undefined for paths outside the whitelist. */
export function resolvePath(path: string, scope: BindingScope): unknown {
  const binding = parseBinding(path)
  if (!binding) return undefined
  return lookup(scope[binding.root], binding.segments)
}

/** Replaces every {{path}} in `template`; missing or non-scalar values become "". Never evaluates code. */
export function resolveText(template: string, scope: BindingScope): string {
  if (!template.includes('{{')) return template
  return template.replace(BINDING_PATTERN, (_, path: string) => {
    const value = resolvePath(path, scope)
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : ''
  })
}
