import { render } from '@testing-library/react'
import { PropertyForm } from '../../../../src/studio/editor/PropertyForm'
import { blockFormSchema } from '../../../../src/studio/editor/schemas'
import type { EditorFormContext } from '../../../../src/studio/editor/fields'
import type { Json } from '../../../../src/studio/editor/configOps'

const context: EditorFormContext = {
  uploadImage: async () => '/x.png',
  compileMarkdown: async () => ({}),
  blockIds: [],
  readOnly: false,
}

/** A block's property form as the editor shows it for the page's first block (no errors, changes ignored). */
export function renderBlockForm(type: string, value: Json) {
  return render(
    <PropertyForm
      schema={blockFormSchema(type)!}
      value={value}
      pointer="/blocks/0"
      errors={[]}
      context={context}
      readOnly={false}
      onChange={() => {}}
    />,
  )
}
