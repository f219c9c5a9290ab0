// Full validation of page configs: JSON syntax, migrations, the schema (ajv), the cross-reference checks, the
// compliance lint, and route collisions. Shared by the CLI (scripts/validate-configs.ts), the Vite plugin and the server.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import type { ValidateFunction } from 'ajv'
import { routeMatches } from './configPath'
import { CURRENT_SCHEMA_VERSION, migrateConfig } from './migrations'
import { blankTexts } from './blankTexts'
import { pageSizeFindings } from './pageSize'
import { checkConfig } from './checks'
import { createComplianceChecker, readComplianceRules, type ComplianceChecker } from './compliance'
import { sortErrors, type ConfigError } from './errors'
import { PointerLocator, syntaxErrorPosition } from './locate'
import { simplify, translate } from './messages'
import { createConfigNamer, type ConfigNamer } from './configNamer'
import { checkRouteParams, configPagePaths } from './routeParams'
import { compilePageSchema, readSchemaFiles } from './schemaSet'
import { loadScreenRoutePaths } from './screenRoutes'

export const CONFIG_DIR = 'page-configs'

export interface ConfigSource {
  /** Path relative to the repository root with forward slashes: page-configs/a/b.json. */
  file: string
  text: string
}

export interface ValidatorOptions {
  /** Repository root (holds schemas/, public/, page-configs/). */
  root: string
  /** Hand-written screen paths; read from src/app/routes.ts when omitted. */
  screenRoutes?: readonly string[]
  /** Site paths of uploaded files kept outside public/ (the studio's images): not looked up under public/. */
  uploadedAsset?: (sitePath: string) => boolean
}

/** A text a page shows that is not in its config (a catalog product's name or tagline), and where it shows. */
export interface ShownText {
  /** The config field that brings it onto the page (a product list's data source). */
  pointer: string
  /** What it is, in words: 产品「青松新人1元意外险」的介绍. */
  what: string
  text: string
}

export interface ConfigValidator {
  /**
   * Validates `sources`. `allConfigFiles` lists every config file that exists (for the route table and
   * collisions); defaults to the sources themselves.
   */
  validate(sources: readonly ConfigSource[], allConfigFiles?: readonly string[]): ConfigError[]
  /** The compliance lint on texts a config shows from elsewhere, as errors at the field that shows them. */
  lintShown(source: ConfigSource, shown: readonly ShownText[]): ConfigError[]
}

type Json = Record<string, unknown>

/** The configs under page-configs/, as the app's import.meta.glob sees them: hidden folders and files are not pages. */
export function listConfigFiles(root: string): string[] {
  const base = join(root, CONFIG_DIR)
  const out: string[] = []
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.json')) out.push(relative(root, full).split(sep).join('/'))
    }
  }
  walk(base)
  return out.sort()
}

export async function createValidator(options: ValidatorOptions): Promise<ConfigValidator> {
  const { root } = options
  const schema: ValidateFunction = compilePageSchema(root)
  const screenRoutes = options.screenRoutes ?? (await loadScreenRoutePaths(root))
  const compliance = createComplianceChecker(readComplianceRules(root))
  const namer = createConfigNamer(readSchemaFiles(root))
  const fileCache = new Map<string, boolean>()
  const publicFileExists = (sitePath: string) => {
    if (options.uploadedAsset?.(sitePath)) return true
    let hit = fileCache.get(sitePath)
    if (hit === undefined) {
      hit = existsSync(join(root, 'public', decodeURI(sitePath)))
      fileCache.set(sitePath, hit)
    }
    return hit
  }

  return {
    validate(sources, allConfigFiles = sources.map((s) => s.file)) {
      const errors: ConfigError[] = []
      // Every config, parsed once (from the sources, else from disk): their routes and campaigns are global.
      const texts = new Map(sources.map((s) => [s.file, s.text]))
      const configs = new Map(
        allConfigFiles.map((file) => [file, parseOrNull(texts.get(file) ?? readOrEmpty(root, file))]),
      )
      // A file with route parameters is a page per declared value (routeParams.ts): links must name one.
      const configRoutes = allConfigFiles.flatMap((file) =>
        configPagePaths(file.slice(CONFIG_DIR.length + 1), configs.get(file)).map((page) => ({
          file,
          path: page.path,
        })),
      )
      const routes = [...screenRoutes, ...configRoutes.map((r) => r.path)]
      const wanted = new Set(sources.map((s) => s.file))

      // Two configs, or a config and a screen, claiming one path (routes match case-insensitively).
      const byPath = new Map<string, string[]>()
      for (const r of configRoutes) {
        const key = r.path.toLowerCase()
        byPath.set(key, [...(byPath.get(key) ?? []), r.file])
      }
      for (const r of configRoutes) {
        if (!wanted.has(r.file)) continue
        const others = (byPath.get(r.path.toLowerCase()) ?? []).filter((f) => f !== r.file)
        if (others.length) errors.push(at(r.file, `路径 ${r.path} 与 ${others.join('、')} 冲突`))
        const screen = screenRoutes.find((s) => routeMatches(s, r.path))
        if (screen) errors.push(at(r.file, `路径 ${r.path} 与手写页面路由 ${screen} 冲突`))
      }

      const kinds = campaignKinds(configs.values())
      const campaignKind = (id: string) => kinds.get(id)
      for (const source of sources)
        errors.push(
          ...validateOne(source, schema, compliance, namer, { routes, publicFileExists, campaignKind }),
        )
      return sortErrors(errors)
    },
    lintShown(source, shown) {
      const config = parseOrNull(source.text)
      if (!shown.length || typeof config !== 'object' || config === null) return []
      const locator = new PointerLocator(source.text)
      const names = namer.of(config)
      return shown.flatMap(({ pointer, what, text }) =>
        compliance.checkText(text).map((message) => ({
          file: source.file,
          ...locator.locate(pointer),
          pointer,
          message: names.sentence(pointer, `${what}：${message}`),
        })),
      )
    },
  }
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

function readOrEmpty(root: string, file: string): string {
  const full = join(root, file)
  return existsSync(full) ? readFileSync(full, 'utf8') : ''
}

/**
 * The kinds of the campaigns every config declares (ids are global, so a page may show a campaign another page
 * declares); a file that does not parse adds nothing (its own validation says why).
 */
function campaignKinds(configs: Iterable<unknown>): Map<string, string> {
  const kinds = new Map<string, string>()
  for (const config of configs) {
    const campaigns = (config as Json | null)?.campaigns
    if (typeof campaigns !== 'object' || campaigns === null) continue
    for (const [key, value] of Object.entries(campaigns as Json)) {
      const kind = (value as Json | null)?.kind
      if (typeof kind === 'string') kinds.set(key, kind)
    }
  }
  return kinds
}

function at(file: string, message: string, pointer = '', line = 1, column = 1): ConfigError {
  return { file, line, column, pointer, message }
}

function validateOne(
  source: ConfigSource,
  schema: ValidateFunction,
  compliance: ComplianceChecker,
  namer: ConfigNamer,
  ctx: Parameters<typeof checkConfig>[1],
): ConfigError[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(source.text)
  } catch (error) {
    const { line, column } = syntaxErrorPosition(source.text, error)
    return [
      at(
        source.file,
        `JSON 语法错误：${error instanceof Error ? error.message : String(error)}`,
        '',
        line,
        column,
      ),
    ]
  }
  const locator = new PointerLocator(source.text)
  const make = (pointer: string, message: string, atKey = false): ConfigError => {
    const { line, column } = locator.locate(pointer, atKey)
    return { file: source.file, line, column, pointer, message }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return [make('', '页面配置必须是一个 JSON 对象 {…}')]
  }
  const version = (parsed as Json).schemaVersion
  if (typeof version === 'number' && version > CURRENT_SCHEMA_VERSION) {
    return [
      make(
        '/schemaVersion',
        `schemaVersion ${version} 比当前支持的 ${CURRENT_SCHEMA_VERSION} 新，请升级应用`,
      ),
    ]
  }
  const { config } = migrateConfig(parsed as Json)
  const errors: ConfigError[] = []
  // Every message names its thing (第 3 个区块（标题「…」）, 活动「…」 › 奖品 2（…）) before the sentence.
  const names = namer.of(config)
  const say = (pointer: string, message: string, atKey = false) =>
    make(pointer, names.sentence(pointer, message), atKey)
  if (!schema(config)) {
    for (const e of simplify(schema.errors ?? [])) {
      const t = translate(e, names)
      errors.push(say(t.pointer, t.message, t.atKey))
    }
  }
  for (const f of pageSizeFindings(config.blocks, source.text)) errors.push(say(f.pointer, f.message))
  for (const pointer of blankTexts(config))
    errors.push(say(pointer, `「${names.label(pointer)}」只有空格，请填写文字`))
  // The reference checks run on invalid configs too (they skip what is malformed), so one run shows everything.
  for (const f of checkConfig(config, ctx)) errors.push(say(f.pointer, f.message))
  for (const f of checkRouteParams(source.file.slice(CONFIG_DIR.length + 1), config))
    errors.push(say(f.pointer, f.message))
  // The compliance lint (src/page-config/compliance-rules.json): banned phrases, premium discounts,
  // inducements tied to buying, campaign conditions on a policy, products without their insurer.
  for (const f of compliance.check(config)) errors.push(say(f.pointer, f.message, f.atKey))
  return errors
}

/** Reads and validates files from disk (all configs when `files` is empty). */
export async function validateConfigFiles(
  root: string,
  files: readonly string[] = [],
  /** Where relative paths start (the shell's folder, not the repository root). */
  cwd: string = root,
): Promise<ConfigError[]> {
  const all = listConfigFiles(root)
  const selected = files.length ? files.map((f) => relative(root, resolve(cwd, f)).split(sep).join('/')) : all
  const validator = await createValidator({ root })
  const sources: ConfigSource[] = []
  const errors: ConfigError[] = []
  for (const file of selected) {
    const full = join(root, file)
    if (!existsSync(full)) errors.push(at(file, '文件不存在'))
    else if (!file.startsWith(`${CONFIG_DIR}/`) || !file.endsWith('.json'))
      errors.push(at(file, `页面配置必须是 ${CONFIG_DIR}/ 下的 .json 文件`))
    else sources.push({ file, text: readFileSync(full, 'utf8') })
  }
  const known = [...new Set([...all, ...sources.map((s) => s.file)])]
  return sortErrors([...errors, ...validator.validate(sources, known)])
}
