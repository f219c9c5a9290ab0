// One validation error, printed as one line: `file:line:col  /json/pointer  中文说明`.

export interface ConfigError {
  /** Path relative to the repository root, e.g. page-configs/springFestival.json. */
  file: string
  line: number
  column: number
  /** JSON pointer into the file ("" for the whole file). */
  pointer: string
  message: string
}

export function formatError(error: ConfigError): string {
  return `${error.file}:${error.line}:${error.column}  ${error.pointer || '/'}  ${error.message}`
}

export function sortErrors(errors: ConfigError[]): ConfigError[] {
  return errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
}
