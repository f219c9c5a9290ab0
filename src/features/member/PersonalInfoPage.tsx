import { useEffect, useRef, useState } from 'react'
import { Button, Input, List, ProgressBar } from 'antd-mobile'
import { Sheet } from '../../components/sheets/LazySheets'
import Cropper, { type Area } from 'react-easy-crop'
import { useLocation } from 'react-router-dom'
import { ErrorView, LoadingView } from '../../components/StatusViews'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { toast } from '../../components/notice'
import { charCount } from '../../domain/feedback'
import { cropToSquare } from '../../lib/cropImage'
import { describeError } from '../../lib/request'
import { uploadImage } from '../../lib/media/api'
import { setAvatar, updateMe, useMe, type Me } from './api'
import { Avatar } from './Avatar'
import { authenticationHref } from './paths'
import { applyLoggedIn } from './session'
import './user.css'

/** Why a nickname cannot be saved, or null. */
export function nicknameProblem(nickname: string): string | null {
  const n = charCount(nickname.trim())
  if (n < 2 || n > 20) return '昵称应为 2–20 个字'
  if ([...nickname].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return '昵称不能包含控制字符'
  return null
}

/** /personalInfo: avatar (cropped square, uploaded), nickname, masked phone, real-name status. */
export default function PersonalInfoPage() {
  const { data: me, error, mutate } = useMe()
  const navigate = useAppNavigate()
  const { pathname } = useLocation()
  if (error) return <ErrorView error={error} onRetry={() => void mutate()} />
  if (me === undefined) return <LoadingView lines={4} />
  if (me === null)
    return (
      <div className="personal-info personal-info-login" data-testid="personal-info-login">
        <p>登录后可修改头像与昵称</p>
        <Button block color="primary" onClick={() => navigate(loginPathFor(pathname))}>
          去登录
        </Button>
      </div>
    )
  const saved = async (next: Me) => {
    applyLoggedIn(next)
    await mutate(next, { revalidate: false })
  }
  return (
    <div className="personal-info" data-testid="personal-info">
      <List>
        <AvatarRow me={me} onSaved={saved} />
        <NicknameRow me={me} onSaved={saved} />
        <List.Item extra={<span data-testid="personal-phone">{me.phoneMasked}</span>}>手机号</List.Item>
        <List.Item
          extra={me.realName ? `已实名（${me.realName.name}）` : '未实名'}
          onClick={me.realName ? undefined : () => navigate(authenticationHref(pathname))}
          arrow={!me.realName}
        >
          实名认证
        </List.Item>
      </List>
    </div>
  )
}

function AvatarRow({ me, onSaved }: { me: Me; onSaved: (me: Me) => Promise<void> }) {
  const input = useRef<HTMLInputElement>(null)
  const [source, setSource] = useState<string | null>(null)
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [area, setArea] = useState<Area | null>(null)
  const [progress, setProgress] = useState<number | null>(null)

  // The chosen photo is read from an object URL, released when another is chosen or the screen closes.
  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source])

  function choose(file: File | undefined) {
    if (!file) return
    if (!file.type.startsWith('image/')) {
      toast('error', '请选择图片文件')
      return
    }
    setCrop({ x: 0, y: 0 })
    setZoom(1)
    setSource(URL.createObjectURL(file))
  }

  async function confirm() {
    if (!source || !area) return
    setProgress(0)
    try {
      const blob = await cropToSquare(source, area)
      const media = await uploadImage(blob, 'avatar', { onProgress: setProgress }, 'avatar.jpg')
      await onSaved(await setAvatar(media.id))
      toast('success', '头像已更新')
      setSource(null)
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setProgress(null)
    }
  }

  const busy = progress !== null
  return (
    <>
      <List.Item
        arrow
        onClick={() => input.current?.click()}
        extra={
          <span className="personal-avatar">
            <Avatar src={me.avatar} />
          </span>
        }
      >
        头像
      </List.Item>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid="avatar-file"
        onChange={(event) => {
          choose(event.target.files?.[0])
          event.target.value = ''
        }}
      />
      <Sheet
        visible={source !== null}
        onMaskClick={() => !busy && setSource(null)}
        bodyStyle={{ height: '80vh' }}
      >
        <div className="avatar-cropper" data-testid="avatar-cropper">
          <div className="avatar-cropper-area">
            {source && (
              <Cropper
                image={source}
                crop={crop}
                zoom={zoom}
                aspect={1}
                cropShape="round"
                showGrid={false}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            )}
          </div>
          {busy && <ProgressBar percent={progress} text={`${progress}%`} />}
          <p className="avatar-cropper-hint">拖动、双指缩放以调整头像范围</p>
          <div className="avatar-cropper-actions">
            <Button block disabled={busy} onClick={() => setSource(null)}>
              取消
            </Button>
            <Button
              block
              color="primary"
              loading={busy}
              disabled={busy || !area}
              onClick={() => void confirm()}
            >
              使用头像
            </Button>
          </div>
        </div>
      </Sheet>
    </>
  )
}

function NicknameRow({ me, onSaved }: { me: Me; onSaved: (me: Me) => Promise<void> }) {
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState(me.nickname)
  const [saving, setSaving] = useState(false)
  const problem = nicknameProblem(value)

  async function save() {
    if (problem) return
    setSaving(true)
    try {
      await onSaved(await updateMe({ nickname: value.trim() }))
      toast('success', '昵称已更新')
      setEditing(false)
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <List.Item
        arrow
        extra={<span className="personal-nickname">{me.nickname}</span>}
        onClick={() => {
          setValue(me.nickname)
          setEditing(true)
        }}
      >
        昵称
      </List.Item>
      <Sheet visible={editing} onMaskClick={() => !saving && setEditing(false)}>
        <div className="nickname-editor" data-testid="nickname-editor">
          <h2>修改昵称</h2>
          <Input
            value={value}
            onChange={setValue}
            maxLength={20}
            clearable
            aria-label="昵称"
            placeholder="2–20 个字"
          />
          <div className="nickname-editor-meta">
            <span className="feedback-error">{value && problem ? problem : ''}</span>
            <span>{charCount(value.trim())}/20</span>
          </div>
          <Button
            block
            color="primary"
            loading={saving}
            disabled={saving || problem !== null}
            onClick={() => void save()}
          >
            保存
          </Button>
        </div>
      </Sheet>
    </>
  )
}
