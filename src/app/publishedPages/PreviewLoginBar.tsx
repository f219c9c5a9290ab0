import './previewLoginBar.css'

/**
 * The signed preview link's 已登录 / 未登录 choice (the studio's preview has the same switch): on a real phone,
 * 未登录 shows what a visitor sees (登录抽奖, 登录后生成专属海报). It only simulates the login inside the
 * preview's sandbox; the draft itself still needs the link's valid signature.
 */
export function PreviewLoginBar({
  loggedIn,
  onChange,
}: {
  loggedIn: boolean
  onChange(loggedIn: boolean): void
}) {
  return (
    <div
      className="preview-login-bar"
      role="radiogroup"
      aria-label="预览身份"
      data-testid="preview-login-bar"
    >
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
  )
}
