// What only some kinds edit: a guessing game's items and reward (竞猜), and the fields of a form or gift claim
// (表单登记, 领取赠险). Item, option and field ids are generated.

import { Button, Card, Checkbox, Input, Select } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { isObject, type Json } from '../configOps'
import { BeijingDateTimePicker } from '../fields'
import { FieldAt } from './FieldAt'
import { guessRewardProblem } from '../../../page-config/prizeReward'
import { RewardEditor } from './RewardEditor'
import { RewardMismatch } from './RewardMismatch'
import { RowDeleteButton } from './RowDeleteButton'
import { newGuessItem, overList, type Edit } from './campaignModel'

const replaceAt = <T,>(list: readonly T[], i: number, value: T): T[] =>
  list.map((x, j) => (j === i ? value : x))

export function GuessEditor({
  pointer,
  campaign,
  readOnly,
  edit,
}: {
  pointer: string
  campaign: Json
  readOnly: boolean
  edit: Edit
}) {
  const items = Array.isArray(campaign.items) ? campaign.items.filter(isObject) : []
  const window = isObject(campaign.window) ? campaign.window : {}
  const setItems = (fn: (items: Json[]) => Json[]) => edit(`${pointer}/items`, overList(fn))
  const setItem = (i: number, key: string, value: unknown) =>
    edit(`${pointer}/items/${i}/${key}`, () => value, `${pointer}/items/${i}/${key}`)
  return (
    <>
      <FieldAt pointer={`${pointer}/correctReward`} deep label="每猜中一项的奖励 *">
        {() => (
          <>
            <RewardEditor
              pointer={`${pointer}/correctReward`}
              value={campaign.correctReward}
              only={['points', 'beans']}
              disabled={readOnly}
              edit={edit}
            />
            <RewardMismatch
              pointer={`${pointer}/correctReward`}
              name={campaign.title}
              reward={campaign.correctReward}
              check={(title, reward) => guessRewardProblem(title, reward, items.length)}
              disabled={readOnly}
              edit={edit}
            />
          </>
        )}
      </FieldAt>
      <FieldAt pointer={`${pointer}/items`} label="竞猜项 *">
        {() => (
          <>
            {items.map((item, i) => {
              const here = `${pointer}/items/${i}`
              const options = Array.isArray(item.options) ? item.options.filter(isObject) : []
              const text = (key: string, label: string) => (
                <FieldAt pointer={`${here}/${key}`} label={label} className="campaign-half">
                  {({ id, status }) => (
                    <Input
                      id={id}
                      status={status}
                      disabled={readOnly}
                      value={typeof item[key] === 'string' ? item[key] : ''}
                      onChange={(e) => setItem(i, key, e.target.value)}
                    />
                  )}
                </FieldAt>
              )
              const time = (key: string, label: string) => (
                <FieldAt pointer={`${here}/${key}`} label={label} className="campaign-half">
                  {({ id, status }) => (
                    <BeijingDateTimePicker
                      id={id}
                      status={status}
                      disabled={readOnly}
                      value={item[key]}
                      onChange={(v) => setItem(i, key, v)}
                    />
                  )}
                </FieldAt>
              )
              return (
                <Card
                  key={typeof item.id === 'string' ? item.id : i}
                  size="small"
                  className="campaign-card"
                  title={`第 ${i + 1} 项`}
                  extra={
                    <RowDeleteButton
                      index={i}
                      what="竞猜项"
                      disabled={readOnly || items.length <= 1}
                      onDelete={() => setItems((list) => list.filter((_, j) => j !== i))}
                    />
                  }
                >
                  <FieldAt pointer={here} pointers={[`${here}/id`]} className="campaign-group">
                    {() => null}
                  </FieldAt>
                  <div className="campaign-row">
                    {text('title', '标题 *')}
                    {text('stage', '阶段或分组')}
                  </div>
                  <div className="campaign-row">
                    {time('kickoffAt', '开赛时间')}
                    {time('lockAt', '截止竞猜 *')}
                  </div>
                  <FieldAt pointer={`${here}/options`} deep label="选项（2–6 个）">
                    {({ id, status }) => (
                      <Select
                        id={id}
                        status={status}
                        mode="tags"
                        open={false}
                        disabled={readOnly}
                        placeholder="输入选项后回车"
                        value={options.map((o) => String(o.label))}
                        onChange={(labels: string[]) =>
                          setItem(
                            i,
                            'options',
                            labels.map(
                              (label) =>
                                options.find((o) => o.label === label) ?? {
                                  id: freeId(options.map((o) => String(o.id))),
                                  label,
                                },
                            ),
                          )
                        }
                        style={{ width: '100%' }}
                      />
                    )}
                  </FieldAt>
                </Card>
              )
            })}
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={readOnly || items.length >= 64}
              onClick={() => setItems((list) => [...list, newGuessItem(list, window)])}
            >
              添加竞猜项
            </Button>
          </>
        )}
      </FieldAt>
    </>
  )
}

/** The first of a, b, c… (then o1, o2…) not taken: an option id. */
function freeId(taken: readonly string[]): string {
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') if (!taken.includes(letter)) return letter
  for (let n = 1; ; n++) if (!taken.includes(`o${n}`)) return `o${n}`
}

const FIELD_KINDS = [
  { value: 'name', label: '姓名' },
  { value: 'phone', label: '手机号（短信验证码）' },
  { value: 'certificate', label: '证件' },
  { value: 'date', label: '日期' },
  { value: 'select', label: '单选' },
  { value: 'region', label: '所在地区' },
  { value: 'agreement', label: '勾选同意' },
]
const fieldLabel = (kind: string) =>
  FIELD_KINDS.find((k) => k.value === kind)?.label.replace(/（.*/, '') ?? kind

/** A key for a new field of `kind`, not taken (name, phone, date2…). */
function freeKey(kind: string, taken: readonly string[]): string {
  if (!taken.includes(kind)) return kind
  for (let n = 2; ; n++) if (!taken.includes(`${kind}${n}`)) return `${kind}${n}`
}

export function FormFieldsEditor({
  pointer,
  fields,
  readOnly,
  edit,
}: {
  pointer: string
  fields: readonly Json[]
  readOnly: boolean
  edit: Edit
}) {
  const setField = (i: number, key: string, value: unknown) =>
    edit(`${pointer}/fields/${i}/${key}`, () => value, `${pointer}/fields/${i}/${key}`)
  // The list changed by `fn`; an emptied list is no list.
  const change = (fn: (fields: Json[]) => Json[]) =>
    edit(`${pointer}/fields`, (old) => {
      const next = overList(fn)(old)
      return next.length ? next : undefined
    })
  const keysOf = (list: readonly Json[]) => list.map((f) => String(f.key))
  return (
    <FieldAt pointer={`${pointer}/fields`} label="表单字段">
      {() => (
        <>
          {fields.map((field, i) => {
            const here = `${pointer}/fields/${i}`
            const kind = String(field.kind)
            return (
              <FieldAt key={String(field.key)} pointer={here} deep className="campaign-field-row">
                {({ id }) => (
                  <div className="campaign-row">
                    <Select
                      id={`${id}/kind`}
                      aria-label={`第 ${i + 1} 个字段的类型`}
                      disabled={readOnly}
                      value={kind}
                      options={FIELD_KINDS}
                      onChange={(k: string) =>
                        change((list) =>
                          replaceAt(list, i, {
                            key: freeKey(
                              k,
                              keysOf(list).filter((_, j) => j !== i),
                            ),
                            kind: k,
                            label: fieldLabel(k),
                            ...(k === 'select' ? { options: ['选项一', '选项二'] } : {}),
                          }),
                        )
                      }
                      style={{ width: 120 }}
                    />
                    <Input
                      id={id}
                      aria-label={`第 ${i + 1} 个字段的名称`}
                      disabled={readOnly}
                      value={typeof field.label === 'string' ? field.label : ''}
                      onChange={(e) => setField(i, 'label', e.target.value)}
                      style={{ flex: 1 }}
                    />
                    {kind === 'select' && (
                      <Select
                        mode="tags"
                        open={false}
                        aria-label={`第 ${i + 1} 个字段的选项`}
                        disabled={readOnly}
                        placeholder="选项，回车分隔"
                        value={Array.isArray(field.options) ? field.options.map(String) : []}
                        onChange={(v: string[]) => setField(i, 'options', v.length ? v : undefined)}
                        style={{ flex: 1 }}
                      />
                    )}
                    {kind === 'agreement' && (
                      <Input
                        aria-label={`第 ${i + 1} 个字段可查看的页面`}
                        placeholder="可查看的页面，如 /terms"
                        disabled={readOnly}
                        value={typeof field.link === 'string' ? field.link : ''}
                        onChange={(e) => setField(i, 'link', e.target.value)}
                        style={{ flex: 1 }}
                      />
                    )}
                    {kind !== 'agreement' && (
                      <Checkbox
                        disabled={readOnly}
                        checked={field.optional === true}
                        onChange={(e) => setField(i, 'optional', e.target.checked)}
                      >
                        可不填
                      </Checkbox>
                    )}
                    <RowDeleteButton
                      index={i}
                      what="字段"
                      disabled={readOnly}
                      onDelete={() => change((list) => list.filter((_, j) => j !== i))}
                    />
                  </div>
                )}
              </FieldAt>
            )
          })}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={readOnly || fields.length >= 12}
            onClick={() =>
              change((list) => [...list, { key: freeKey('name', keysOf(list)), kind: 'name', label: '姓名' }])
            }
          >
            添加字段
          </Button>
        </>
      )}
    </FieldAt>
  )
}
