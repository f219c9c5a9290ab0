import {
  LEVEL_CHOICES,
  NEW_USER_CHOICES,
  REAL_NAME_CHOICES,
  type SandboxProfile,
} from '../../domain/sandboxProfile'
import './previewLoginBar.css'

/**
 * The signed preview link's 已登录 / 未登录 choice (the studio's preview has the same switch): on a real phone,
 * 未登录 shows what a visitor sees (登录抽奖, 登录后生成专属海报). Logged in, who the sample user is for the
 * campaigns' 参与条件 (实名, 会员等级, 新用户), so a person who does not meet them can be seen too. It only simulates
 * the visitor inside the preview's sandbox; the draft itself still needs the link's valid signature.
 */
export function PreviewLoginBar({
  loggedIn,
  onChange,
  profile,
  onProfileChange,
}: {
  loggedIn: boolean
  onChange(loggedIn: boolean): void
  profile: SandboxProfile
  onProfileChange(profile: SandboxProfile): void
}) {
  return (
    <div className="preview-login-bar" data-testid="preview-login-bar">
      <div className="preview-login-bar-row" role="radiogroup" aria-label="预览身份">
        <span className="preview-login-bar-label">预览身份</span>
        {[true, false].map((value) => (
          <button
            key={String(value)}
            type="button"
            role="radio"
            aria-checked={loggedIn === value}
            className={loggedIn === value ? 'is-on' : undefined}
            onClick={() => onChange(value)}
          >
            {value ? '已登录' : '未登录'}
          </button>
        ))}
      </div>
      {loggedIn && (
        <div className="preview-login-bar-row preview-login-bar-profile">
          <span className="preview-login-bar-label">用户情况</span>
          <select
            aria-label="实名认证"
            value={String(profile.realName)}
            onChange={(e) => onProfileChange({ ...profile, realName: e.target.value === 'true' })}
          >
            {REAL_NAME_CHOICES.map((c) => (
              <option key={c.label} value={String(c.value)}>
                {c.label}
              </option>
            ))}
          </select>
          <select
            aria-label="会员等级"
            value={profile.level}
            onChange={(e) =>
              onProfileChange({
                ...profile,
                level: LEVEL_CHOICES.find((c) => c.value === e.target.value)?.value ?? profile.level,
              })
            }
          >
            {LEVEL_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <select
            aria-label="注册时间"
            value={String(profile.newUser)}
            onChange={(e) => onProfileChange({ ...profile, newUser: e.target.value === 'true' })}
          >
            {NEW_USER_CHOICES.map((c) => (
              <option key={c.label} value={String(c.value)}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  )
}
