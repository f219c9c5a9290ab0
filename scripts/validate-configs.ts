// npm run validate:configs [files…]: validates page configs; one line per error, exit 1 on any error.
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatError } from '../src/page-config/errors'
import { listConfigFiles, validateConfigFiles } from '../src/page-config/validate'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const files = process.argv.slice(2).filter((a) => !a.startsWith('-'))
// npm runs scripts from the repository root; INIT_CWD is the folder the command was typed in.
const errors = await validateConfigFiles(root, files, process.env.INIT_CWD ?? process.cwd())
for (const error of errors) console.error(formatError(error))
const count = files.length || listConfigFiles(root).length
if (errors.length) {
  console.error(`\n${errors.length} 个错误（检查了 ${count} 个页面配置）`)
  process.exit(1)
}
console.log(`validate:configs: ${count} 个页面配置全部通过`)
