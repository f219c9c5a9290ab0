// Chinese names of a config's fields and things, from the schemas: what the validator's sentences say instead
// of keys and pointers (「库存」, 第 3 个区块（标题「双十二狂欢」）, 活动「双十二抽奖」 › 奖品 2（谢谢参与）).
import { blockNameOf, enumNames, FIELD_LABELS, labelOf } from './fieldLabels'
import type { FieldNamer } from './messages'
import { createSchemaLookup, splitPointer } from './schemaAt'
import { blockSchemaPath, type SchemaFile } from './schemaSet'
import { subjectOf } from './errorSubjects'

export interface ConfigNames extends FieldNamer {
  /** Who the pointer is about, '' for the page itself. */
  subject(pointer: string): string
  /** The message with its subject in front: "第 3 个区块（标题）：「标题」不能为空". */
  sentence(pointer: string, message: string): string
}

export interface ConfigNamer {
  of(config: unknown): ConfigNames
}

const BLOCK_ITEM = /\/blocks\/\d+$/

export function createConfigNamer(files: readonly SchemaFile[]): ConfigNamer {
  const lookup = createSchemaLookup(files)
  const byPath = new Map(files.map((f) => [f.path, f.schema]))
  const blockName = (type: string) => {
    const schema = byPath.get(blockSchemaPath(type))
    return schema ? blockNameOf(schema.description, type) : ''
  }
  const arrayName = (key: string) => FIELD_LABELS[key] ?? ''

  return {
    of(config) {
      const label = (pointer: string): string => {
        const parts = splitPointer(pointer)
        const key = parts.filter((p) => !/^\d+$/.test(p)).at(-1) ?? ''
        if (key === 'id' && !BLOCK_ITEM.test(pointer.slice(0, pointer.lastIndexOf('/')))) return '编号'
        const field = lookup.fieldAt(config, pointer)
        return labelOf(field?.description, field?.key || key, Array.isArray(field?.schema.enum))
      }
      const subject = (pointer: string) => subjectOf(config, pointer, blockName, arrayName)
      return {
        label,
        blockName,
        enumNames: (pointer, values) => enumNames(values, lookup.fieldAt(config, pointer)?.description),
        subject,
        sentence(pointer, message) {
          const who = subject(pointer)
          return who ? `${who}：${message}` : message
        },
      }
    },
  }
}
