// rjsf's antd templates where the studio needs them to behave otherwise:
// - the add button is named in words (antd's plus-circle icon would otherwise be its accessible name);
// - a map's key (a data source's name) is renamed when the focus leaves its row, not when it moves from the
//   key to the row's own fields: a rename re-mounts the row, which would drop what is typed next (接口路径);
// - a list's items are numbered (问答 1, 问答 2), without the required mark a list item always had.
import { cloneElement, isValidElement, useRef, type FocusEvent, type ReactElement } from 'react'
import { Button } from 'antd'
import { PlusCircleOutlined } from '@ant-design/icons'
import { generateTemplates } from '@rjsf/antd'
import {
  ADDITIONAL_PROPERTY_FLAG,
  type ArrayFieldItemTemplateProps,
  getUiOptions,
  TranslatableString,
  type IconButtonProps,
  type TemplatesType,
  type UiSchema,
  type WrapIfAdditionalTemplateProps,
} from '@rjsf/utils'

const antd = generateTemplates()
const AntdWrapIfAdditional = antd.WrapIfAdditionalTemplate!
const AntdArrayItem = antd.ArrayFieldItemTemplate!

/** The add button's name: the caller's title (an optional object's 填写这一项), the field's, or 添加一项. */
export function addButtonLabel(props: IconButtonProps): string {
  if (typeof props.title === 'string' && props.title) return props.title
  const named = getUiOptions(props.uiSchema).addLabel
  return typeof named === 'string' && named
    ? named
    : props.registry.translateString(TranslatableString.AddItemButton)
}

function AddButton(props: IconButtonProps) {
  const {
    iconType = 'primary',
    icon: _icon,
    uiSchema: _ui,
    registry: _registry,
    color: _color,
    ...rest
  } = props
  const label = addButtonLabel(props)
  return (
    <Button
      block
      {...rest}
      type={iconType as 'primary' | 'default' | 'link'}
      title={label}
      aria-label={label}
      icon={<PlusCircleOutlined aria-hidden />}
      style={{ paddingTop: 4 }}
    />
  )
}

/** Labels schemas.ts gives an item that has no name of its own. */
const GENERIC_ITEM = new Set(['设置项', '一项'])

/** The add button's words for a list or map field: 添加 + what one item is called (添加数据源). */
export function addLabelOf(schema: Record<string, unknown>): string | undefined {
  const item = schema.additionalProperties ?? schema.items
  if (!item || typeof item !== 'object') return undefined
  const own = (item as { title?: unknown }).title
  const title = typeof own === 'string' && !GENERIC_ITEM.has(own) ? own : schema.title
  return typeof title === 'string' && title ? `添加${title.replace(/ \*$/, '')}` : undefined
}

function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const row = useRef<HTMLDivElement | null>(null)
  const pending = useRef<FocusEvent<HTMLInputElement> | null>(null)
  const commit = () => {
    const event = pending.current
    pending.current = null
    if (event) props.onKeyRenameBlur(event)
  }
  const onKeyBlur = (event: FocusEvent<HTMLInputElement>) => {
    // Still in this row (Tab to 接口路径): rename once the row is left.
    if (row.current && event.relatedTarget instanceof Node && row.current.contains(event.relatedTarget)) {
      pending.current = { ...event, target: { value: event.target.value } } as FocusEvent<HTMLInputElement>
      return
    }
    props.onKeyRenameBlur(event)
  }
  if (!(ADDITIONAL_PROPERTY_FLAG in props.schema)) return <AntdWrapIfAdditional {...props} />
  return (
    <div
      ref={row}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && row.current?.contains(event.relatedTarget))) commit()
      }}
    >
      <AntdWrapIfAdditional {...props} onKeyRenameBlur={onKeyBlur} />
    </div>
  )
}

type ItemField = ReactElement<{ schema?: { title?: unknown }; uiSchema?: UiSchema; required?: boolean }>

/** A list item titled by its place in the list ("问答 2", where rjsf would say "问答" for every one, marked *). */
function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const field = props.children
  if (!isValidElement(field)) return <AntdArrayItem {...props} />
  const { schema, uiSchema } = (field as ItemField).props
  const title = typeof schema?.title === 'string' ? schema.title.replace(/ \*$/, '') : ''
  const numbered = cloneElement(field as ItemField, {
    required: false,
    ...(title ? { uiSchema: { ...uiSchema, 'ui:title': `${title} ${props.index + 1}` } } : {}),
  })
  return <AntdArrayItem {...props}>{numbered}</AntdArrayItem>
}

export const studioTemplates: Partial<TemplatesType> = {
  ButtonTemplates: { ...antd.ButtonTemplates!, AddButton },
  ArrayFieldItemTemplate,
  WrapIfAdditionalTemplate,
}
