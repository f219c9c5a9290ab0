// Config routes with parameters: page-configs/xm/[type].json is the route /xm/:type, and the config declares the
// values it takes ("routeParams": {"type": {"values": [{"value": "accident", "title": "…"}]}}). Each value is a
// page of its own (its own path, title, prerendered HTML), so an undeclared value matches no route and is the
// 404 screen. Pure: used by the validator, the build and the browser's route table.
import { bindingsIn } from './bindingSyntax'
import { configRoutePath } from './configPath'
import { escapePointer, isObject } from './json'

/** `[name]` segments of a config file's path, in order ("xm/[type].json" -> ["type"]). */
export function paramNamesOfFile(relativeFile: string): string[] {
  return Array.from(relativeFile.matchAll(/\[([^\]/]*)\]/g), (m) => m[1])
}

export interface RouteParamValue {
  value: string
  /** The page title for this value (default: the config's title). */
  title?: string
}

/** The values declared for each parameter (`routeParams` of a config); malformed parts are left out. */
export function declaredParams(config: unknown): Record<string, RouteParamValue[]> {
  const declared = isObject(config) && isObject(config.routeParams) ? config.routeParams : {}
  const out: Record<string, RouteParamValue[]> = {}
  for (const [name, spec] of Object.entries(declared)) {
    const values = isObject(spec) && Array.isArray(spec.values) ? spec.values : []
    out[name] = values.flatMap((v) =>
      isObject(v) && typeof v.value === 'string'
        ? [{ value: v.value, ...(typeof v.title === 'string' ? { title: v.title } : {}) }]
        : [],
    )
  }
  return out
}

/** One page of a config file: a fixed path, its title and the parameter values it was made with. */
export interface ConfigPagePath {
  /** The route pattern of the file ("/xm/:type"). */
  pattern: string
  /** The page's own path ("/xm/accident"). */
  path: string
  title: string
  params: Record<string, string>
}

/**
 * Every page a config file makes: one for a file without parameters, one per combination of declared values
 * otherwise (none while a parameter has no values; the validator says so).
 */
export function configPagePaths(relativeFile: string, config: unknown): ConfigPagePath[] {
  const pattern = configRoutePath(relativeFile)
  const baseTitle = isObject(config) && typeof config.title === 'string' ? config.title : ''
  const names = paramNamesOfFile(relativeFile)
  const declared = declaredParams(config)
  let pages: ConfigPagePath[] = [{ pattern, path: pattern, title: baseTitle, params: {} }]
  for (const name of names) {
    const values = declared[name] ?? []
    pages = pages.flatMap((page) =>
      values.map((v) => ({
        pattern,
        path: page.path.replace(`:${name}`, encodeURIComponent(v.value)),
        title: v.title ?? page.title,
        params: { ...page.params, [name]: v.value },
      })),
    )
  }
  return pages
}

/** `{{params.x}}` in a data source's query, filled with this page's values (a number or boolean kept as is). */
export function withParamValues<T>(value: T, params: Readonly<Record<string, string>>): T {
  if (typeof value === 'string')
    return value.replace(
      /\{\{\s*params\.([A-Za-z0-9_]+)\s*\}\}/g,
      (_, name: string) => params[name] ?? '',
    ) as T
  if (Array.isArray(value)) return value.map((v: unknown) => withParamValues(v, params)) as T
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withParamValues(v, params)])) as T
  return value
}

/** What a schema cannot say about a config's parameters, against its file name. */
export function checkRouteParams(
  relativeFile: string,
  config: unknown,
): { pointer: string; message: string }[] {
  const findings: { pointer: string; message: string }[] = []
  const names = paramNamesOfFile(relativeFile)
  const declared = isObject(config) && isObject(config.routeParams) ? config.routeParams : {}
  for (const name of names) {
    if (!/^[a-z][A-Za-z0-9]{0,19}$/.test(name))
      findings.push({ pointer: '', message: `文件名中的参数 [${name}] 不合法：应为小写字母开头的字母或数字` })
    else if (!(name in declared))
      findings.push({
        pointer: '',
        message: `文件名中的参数 [${name}] 未在 routeParams 中声明取值（例如 "routeParams": {"${name}": {"values": […]}}）`,
      })
  }
  for (const name of Object.keys(declared)) {
    if (!names.includes(name))
      findings.push({
        pointer: `/routeParams/${name}`,
        message: `参数 ${name} 不在文件名中：文件应命名为 …/[${name}].json`,
      })
    const values = declaredParams(config)[name] ?? []
    const seen = new Set<string>()
    values.forEach((v, i) => {
      if (seen.has(v.value.toLowerCase()))
        findings.push({
          pointer: `/routeParams/${name}/values/${i}/value`,
          message: `参数值 "${v.value}" 重复`,
        })
      seen.add(v.value.toLowerCase())
    })
  }
  // Every use of a parameter names a declared one; a data source may use nothing else in {{…}}.
  const uses = (text: string, pointer: string, onlyParams: boolean) => {
    for (const path of bindingsIn(text)) {
      const [root, name] = path.split('.')
      if (root === 'params' && !(name in declared))
        findings.push({
          pointer,
          message: `插值 {{${path}}} 引用的路由参数 ${name ?? ''} 未在 routeParams 中声明`,
        })
      else if (root !== 'params' && onlyParams)
        findings.push({
          pointer,
          message: `数据源的查询参数只能插入路由参数 {{params.…}}，不能用 {{${path}}}`,
        })
    }
  }
  const walk = (node: unknown, pointer: string, inSources: boolean) => {
    if (typeof node === 'string') uses(node, pointer, inSources)
    else if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${pointer}/${i}`, inSources))
    else if (isObject(node))
      for (const [key, value] of Object.entries(node)) {
        const at = `${pointer}/${escapePointer(key)}`
        if (key === 'state' && typeof value === 'string' && value.startsWith('params.'))
          uses(`{{${value}}}`, at, false)
        else walk(value, at, inSources)
      }
  }
  if (isObject(config)) {
    walk(config.blocks, '/blocks', false)
    walk(config.share, '/share', false)
    walk(config.dataSources, '/dataSources', true)
  }
  return findings
}
