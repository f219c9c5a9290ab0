// Validation of a page config the server receives (published pages): the same code and the same messages as
// the CLI and the build (src/page-config/validate.ts), so staff see one kind of error wherever they check.
import { formatError, type ConfigError } from '../../../src/page-config/errors'
import {
  createValidator,
  listConfigFiles,
  type ConfigValidator,
  type ShownText,
} from '../../../src/page-config/validate'
import { REPO_ROOT } from '../../platform/repoRoot'

export interface PageConfigCheck {
  ok: boolean
  errors: ConfigError[]
  /** One line per error, as the CLI prints them: `file:line:col  /blocks/3/to  message`. */
  lines: string[]
}

export interface PageConfigValidator {
  /**
   * `file` names the config in the messages and gives its route (page-configs/activity/x.json -> /activity/x);
   * `others` are more config files that exist elsewhere (the studio's pages), for the route table.
   */
  validate(
    text: string,
    file: string,
    others?: readonly string[],
    shown?: readonly ShownText[],
  ): PageConfigCheck
}

/**
 * Compiles the schemas and reads the route table once. `root` holds schemas/, src/blocks/, public/ and page-configs/;
 * `screenRoutes` defaults to the app's route table (src/app/routes.ts).
 */
export async function createPageConfigValidator(
  options: {
    root?: string
    screenRoutes?: readonly string[]
    uploadedAsset?: (sitePath: string) => boolean
  } = {},
): Promise<PageConfigValidator> {
  const root = options.root ?? REPO_ROOT
  const validator: ConfigValidator = await createValidator({
    root,
    screenRoutes: options.screenRoutes,
    uploadedAsset: options.uploadedAsset,
  })
  // The configs on disk are part of the route table a published page may link to.
  const onDisk = listConfigFiles(root)
  return {
    validate(text, file, others = [], shown = []) {
      const known = [...new Set([...onDisk, ...others, file])]
      const errors = validator.validate([{ file, text }], known)
      // Texts the page shows from the catalog are linted like its own (tested in tests/server/studioShownTexts.test.ts).
      errors.push(...validator.lintShown({ file, text }, shown))
      return { ok: errors.length === 0, errors, lines: errors.map(formatError) }
    },
  }
}
