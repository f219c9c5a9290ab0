// Who the preview's sample user is for the campaigns' 参与条件 (实名, 会员等级, 新用户): beside the 已登录 switch, so
// staff see what a person who does not meet a rule sees (the draw refused with the consumer's own words).

import { Select, Space } from 'antd'
import { memo } from 'react'
import {
  LEVEL_CHOICES,
  NEW_USER_CHOICES,
  REAL_NAME_CHOICES,
  type SandboxProfile,
} from '../../domain/sandboxProfile'

export const SandboxProfileControl = memo(function SandboxProfileControl({
  profile,
  disabled,
  onChange,
}: {
  profile: SandboxProfile
  /** Logged out there is no sample user to describe. */
  disabled: boolean
  onChange(profile: SandboxProfile): void
}) {
  return (
    <Space size={4} data-testid="sandbox-profile">
      <Select
        size="small"
        aria-label="实名认证"
        disabled={disabled}
        value={profile.realName}
        options={REAL_NAME_CHOICES.map((c) => ({ ...c }))}
        onChange={(realName: boolean) => onChange({ ...profile, realName })}
        popupMatchSelectWidth={false}
      />
      <Select
        size="small"
        aria-label="会员等级"
        disabled={disabled}
        value={profile.level}
        options={LEVEL_CHOICES.map((c) => ({ ...c }))}
        onChange={(level: SandboxProfile['level']) => onChange({ ...profile, level })}
        popupMatchSelectWidth={false}
      />
      <Select
        size="small"
        aria-label="注册时间"
        disabled={disabled}
        value={profile.newUser}
        options={NEW_USER_CHOICES.map((c) => ({ ...c }))}
        onChange={(newUser: boolean) => onChange({ ...profile, newUser })}
        popupMatchSelectWidth={false}
      />
    </Space>
  )
})
