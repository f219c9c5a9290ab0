// The form of one campaign: title, window, limits, eligibility, rules and what its kind needs (prizes, guessing
// items, form fields, grantOnLogin, countsTrials). Each field sits at its config pointer so the validator's errors
// show under it.

import { useContext } from 'react'
import { Alert, Checkbox, Input, InputNumber, Select } from 'antd'
import { isObject, type Json } from '../configOps'
import { BeijingDateTimePicker } from '../fields'
import { CampaignErrors, FieldAt } from './FieldAt'
import { FormFieldsEditor, GuessEditor } from './KindFields'
import { PrizeTable } from './PrizeTable'
import { kindLabel, prizesOf, USES, withKey, type Edit } from './campaignModel'

const LEVELS = ['V1', 'V2', 'V3', 'V4', 'V5'].map((v) => ({ value: v, label: v }))

/** The top-level keys this form shows for a kind; errors at any other key show at the top. */
function shownKeys(kind: unknown): Set<string> {
  const keys = ['kind', 'title', 'window', 'eligibility', 'rules']
  if (USES.limits(kind)) keys.push('limits')
  if (USES.prizes(kind)) keys.push('prizes')
  if (USES.fields(kind)) keys.push('fields')
  if (USES.guess(kind)) keys.push('items', 'correctReward')
  if (USES.grantOnLogin(kind)) keys.push('grantOnLogin')
  if (USES.countsTrials(kind)) keys.push('countsTrials')
  return new Set(keys)
}

export function CampaignForm({
  id,
  campaign,
  others,
  readOnly,
  uploadImage,
  edit,
}: {
  id: string
  campaign: Json
  /** The page's other campaigns (须先参与). */
  others: readonly { id: string; title: string }[]
  readOnly: boolean
  uploadImage(file: File): Promise<string>
  /** Edits the config at a pointer (each edit applies to the latest config, however fast they come). */
  edit: Edit
}) {
  const pointer = `/campaigns/${id}`
  const errorsAt = useContext(CampaignErrors)
  const kind = campaign.kind
  const set = (key: string, value: unknown) => edit(`${pointer}/${key}`, () => value, `${pointer}/${key}`)
  const setIn = (group: string, key: string, value: unknown, dropEmpty = true) =>
    edit(`${pointer}/${group}`, withKey(key, value, dropEmpty), `${pointer}/${group}/${key}`)
  const window = isObject(campaign.window) ? campaign.window : {}
  const limits = isObject(campaign.limits) ? campaign.limits : {}
  const eligibility = isObject(campaign.eligibility) ? campaign.eligibility : {}
  const shown = shownKeys(kind)
  const topErrors = [
    ...errorsAt(pointer),
    ...Object.keys(isObject(campaign) ? campaign : {})
      .filter((k) => !shown.has(k))
      .flatMap((k) => errorsAt(`${pointer}/${k}`, true)),
  ]
  const times = (key: 'startAt' | 'endAt', label: string) => (
    <FieldAt pointer={`${pointer}/window/${key}`} label={label} className="campaign-half">
      {({ id: domId, status }) => (
        <BeijingDateTimePicker
          id={domId}
          status={status}
          disabled={readOnly}
          value={window[key]}
          onChange={(v) => setIn('window', key, v, false)}
        />
      )}
    </FieldAt>
  )
  const limit = (key: 'perUserTotal' | 'perUserPerDay', label: string) => (
    <FieldAt pointer={`${pointer}/limits/${key}`} label={label} className="campaign-half">
      {({ id: domId, status }) => (
        <InputNumber
          id={domId}
          status={status}
          min={1}
          max={100}
          precision={0}
          placeholder={key === 'perUserPerDay' ? '不限' : undefined}
          disabled={readOnly}
          value={typeof limits[key] === 'number' ? limits[key] : null}
          onChange={(v) => setIn('limits', key, v, false)}
          style={{ width: '100%' }}
        />
      )}
    </FieldAt>
  )
  return (
    <div className="campaign-form" data-campaign-id={id}>
      {topErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={[...new Set(topErrors)].join('；')}
          style={{ marginBottom: 12 }}
        />
      )}
      <div className="campaign-row">
        <FieldAt pointer={`${pointer}/title`} label="活动名称 *" className="campaign-half">
          {({ id: domId, status }) => (
            <Input
              id={domId}
              status={status}
              maxLength={30}
              disabled={readOnly}
              value={typeof campaign.title === 'string' ? campaign.title : ''}
              onChange={(e) => set('title', e.target.value)}
            />
          )}
        </FieldAt>
        <div className="studio-field campaign-half">
          <div className="studio-field-label">类型</div>
          <div className="campaign-static">
            {kindLabel(kind)}
            <span className="campaign-id">编号 {id}</span>
          </div>
        </div>
      </div>
      <FieldAt pointer={`${pointer}/window`} className="campaign-group">
        {() => (
          <div className="campaign-row">
            {times('startAt', '开始时间 *')}
            {times('endAt', '结束时间 *')}
          </div>
        )}
      </FieldAt>
      {USES.limits(kind) && (
        <FieldAt pointer={`${pointer}/limits`} className="campaign-group">
          {() => (
            <div className="campaign-row">
              {limit('perUserTotal', '每人总次数 *')}
              {limit('perUserPerDay', '每人每天')}
            </div>
          )}
        </FieldAt>
      )}
      <FieldAt
        pointer={`${pointer}/eligibility`}
        label="参与条件（均需登录）"
        className="studio-field campaign-box"
      >
        {() => (
          <>
            <div className="campaign-row">
              <FieldAt
                pointer={`${pointer}/eligibility/minLevel`}
                label="会员等级不低于"
                className="campaign-half"
              >
                {({ id: domId, status }) => (
                  <Select
                    id={domId}
                    status={status}
                    allowClear
                    placeholder="不限"
                    disabled={readOnly}
                    options={LEVELS}
                    value={typeof eligibility.minLevel === 'string' ? eligibility.minLevel : undefined}
                    onChange={(v: string | undefined) => setIn('eligibility', 'minLevel', v)}
                    style={{ width: '100%' }}
                  />
                )}
              </FieldAt>
              <FieldAt
                pointer={`${pointer}/eligibility/newUserDays`}
                label="新用户天数"
                className="campaign-half"
              >
                {({ id: domId, status }) => (
                  <InputNumber
                    id={domId}
                    status={status}
                    min={1}
                    max={365}
                    precision={0}
                    placeholder="不限"
                    addonAfter="天内注册"
                    disabled={readOnly}
                    value={typeof eligibility.newUserDays === 'number' ? eligibility.newUserDays : null}
                    onChange={(v) => setIn('eligibility', 'newUserDays', v)}
                    style={{ width: '100%' }}
                  />
                )}
              </FieldAt>
            </div>
            <div className="campaign-row">
              <FieldAt pointer={`${pointer}/eligibility/realName`} className="campaign-half">
                {({ id: domId }) => (
                  <Checkbox
                    id={domId}
                    disabled={readOnly}
                    checked={eligibility.realName === true}
                    onChange={(e) => setIn('eligibility', 'realName', e.target.checked)}
                  >
                    须实名
                  </Checkbox>
                )}
              </FieldAt>
              <FieldAt pointer={`${pointer}/eligibility/entryOf`} label="须先参与" className="campaign-half">
                {({ id: domId, status }) => (
                  <Select
                    id={domId}
                    status={status}
                    allowClear
                    placeholder="不要求"
                    disabled={readOnly}
                    options={others.map((o) => ({ value: o.id, label: `${o.title}（${o.id}）` }))}
                    value={typeof eligibility.entryOf === 'string' ? eligibility.entryOf : undefined}
                    onChange={(v: string | undefined) => setIn('eligibility', 'entryOf', v)}
                    style={{ width: '100%' }}
                  />
                )}
              </FieldAt>
            </div>
          </>
        )}
      </FieldAt>
      {USES.grantOnLogin(kind) && (
        <FieldAt pointer={`${pointer}/grantOnLogin`}>
          {({ id: domId }) => (
            <Checkbox
              id={domId}
              disabled={readOnly}
              checked={campaign.grantOnLogin === true}
              onChange={(e) => set('grantOnLogin', e.target.checked)}
            >
              登录后自动发放
            </Checkbox>
          )}
        </FieldAt>
      )}
      {USES.countsTrials(kind) && (
        <FieldAt pointer={`${pointer}/countsTrials`}>
          {({ id: domId }) => (
            <Checkbox
              id={domId}
              disabled={readOnly}
              checked={campaign.countsTrials === true}
              onChange={(e) => set('countsTrials', e.target.checked)}
            >
              产品页保费试算计为一次参与
            </Checkbox>
          )}
        </FieldAt>
      )}
      {USES.prizes(kind) && (
        <PrizeTable
          pointer={pointer}
          prizes={prizesOf(campaign)}
          readOnly={readOnly}
          uploadImage={uploadImage}
          edit={edit}
        />
      )}
      {USES.guess(kind) && (
        <GuessEditor pointer={pointer} campaign={campaign} readOnly={readOnly} edit={edit} />
      )}
      {USES.fields(kind) && (
        <FormFieldsEditor
          pointer={pointer}
          fields={Array.isArray(campaign.fields) ? campaign.fields.filter(isObject) : []}
          readOnly={readOnly}
          edit={edit}
        />
      )}
      <FieldAt pointer={`${pointer}/rules`} label="活动规则（逐条换行）">
        {({ id: domId, status }) => (
          <Input.TextArea
            id={domId}
            status={status}
            maxLength={2000}
            autoSize={{ minRows: 3, maxRows: 12 }}
            disabled={readOnly}
            value={typeof campaign.rules === 'string' ? campaign.rules : ''}
            onChange={(e) => set('rules', e.target.value)}
          />
        )}
      </FieldAt>
    </div>
  )
}
