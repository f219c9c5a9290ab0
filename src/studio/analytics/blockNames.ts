// Block types' Chinese names (标题, 按钮…), from the first words of each block schema's description: only the
// descriptions are bundled (a JSON module's named export), not the schemas.
import { blockNameOf } from '../../page-config/fieldLabels'

const descriptions = import.meta.glob<string>('../../blocks/*/schema.json', {
  eager: true,
  import: 'description',
})

const names = new Map(
  Object.entries(descriptions).map(([path, description]) => {
    const type = path.split('/').at(-2) ?? ''
    return [type, blockNameOf(description, type)] as const
  }),
)

/** 按钮 for 'button'; the type itself when unknown; — for none. */
export const blockName = (type: string | null | undefined): string => (type ? (names.get(type) ?? type) : '—')
