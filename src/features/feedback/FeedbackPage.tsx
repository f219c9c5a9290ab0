import { useState } from 'react'
import { Choices } from '../../components/Choices'
import { Button, Input, TextArea } from 'antd-mobile'
import { useLocation } from 'react-router-dom'
import { LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { toast } from '../../components/notice'
import { PhotoUploader, type UploadedPhoto } from '../../components/PhotoUploader'
import {
  charCount,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_MAX_PHOTOS,
  FEEDBACK_TYPES,
  type FeedbackType,
} from '../../domain/feedback'
import { apiErrorOf, describeError } from '../../lib/request'
import { useMe } from '../member/api'
import { userHref } from '../member/paths'
import { refreshFeedback, submitFeedback } from './api'
import { draftProblems, type DraftProblems, type FeedbackDraft } from './feedbackForm'
import { feedbackListHref, feedbackSuccessHref } from './paths'
import './feedback.css'

const TYPE_OPTIONS = (Object.entries(FEEDBACK_TYPES) as [FeedbackType, string][]).map(([value, label]) => ({
  value,
  label,
}))

/** /feedBack: type, text (10–500 characters), up to 6 photos, an optional contact phone. */
export default function FeedbackPage() {
  const me = useMe()
  const navigate = useAppNavigate()
  const { pathname } = useLocation()
  if (me.error)
    return (
      <LoginAwareError
        back={{ to: userHref(), label: '返回我的' }}
        error={me.error}
        onRetry={() => void me.mutate()}
      />
    )
  if (me.data === undefined) return <LoadingView lines={6} />
  if (me.data === null)
    return (
      <div className="feedback-page feedback-login" data-testid="feedback-login">
        <p>登录后即可提交意见反馈，并查看客服回复</p>
        <Button block color="primary" onClick={() => navigate(loginPathFor(pathname))}>
          去登录
        </Button>
      </div>
    )
  return <FeedbackForm />
}

function FeedbackForm() {
  const navigate = useAppNavigate()
  const [draft, setDraft] = useState<FeedbackDraft>({ type: null, content: '', contactPhone: '' })
  const [photos, setPhotos] = useState<UploadedPhoto[]>([])
  const [uploading, setUploading] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [shown, setShown] = useState<DraftProblems>({})
  const [tried, setTried] = useState(false)

  const problems = draftProblems(draft)
  const visible = tried ? problems : shown
  const update = (patch: Partial<FeedbackDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const touch = (field: keyof DraftProblems) => setShown((s) => ({ ...s, [field]: problems[field] }))

  async function submit() {
    setTried(true)
    if (Object.keys(problems).length > 0 || !draft.type) return
    setSubmitting(true)
    try {
      await submitFeedback({
        type: draft.type,
        content: draft.content.trim(),
        photos: photos.map((p) => p.id),
        ...(draft.contactPhone.trim() ? { contactPhone: draft.contactPhone.trim() } : {}),
      })
      await refreshFeedback()
      navigate(feedbackSuccessHref(), { replace: true })
    } catch (error) {
      const field = apiErrorOf(error)?.details?.[0] as { field?: string; message?: string } | undefined
      if (field?.field === 'content' || field?.field === 'contactPhone' || field?.field === 'type')
        setShown((s) => ({ ...s, [field.field as string]: field.message }))
      toast('error', describeError(error))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="feedback-page" data-testid="feedback-form">
      <section className="feedback-card">
        <h2 className="feedback-label">
          反馈类型<span className="feedback-required">*</span>
        </h2>
        <Choices
          options={TYPE_OPTIONS}
          value={draft.type ? [draft.type] : []}
          onChange={(values) => update({ type: values[0] ?? null })}
          columns={3}
          aria-label="反馈类型"
        />
        {visible.type && <p className="feedback-error">{visible.type}</p>}
      </section>

      <section className="feedback-card">
        <h2 className="feedback-label">
          <label htmlFor="feedback-content">问题描述</label>
          <span className="feedback-required">*</span>
        </h2>
        <TextArea
          placeholder="请详细描述您遇到的问题或建议（10–500 字）"
          value={draft.content}
          onChange={(content) => update({ content })}
          onBlur={() => touch('content')}
          rows={5}
          maxLength={FEEDBACK_MAX_CHARS}
          id="feedback-content"
        />
        <div className="feedback-count" data-testid="feedback-count">
          {charCount(draft.content.trim())}/{FEEDBACK_MAX_CHARS}
        </div>
        {visible.content && <p className="feedback-error">{visible.content}</p>}
      </section>

      <section className="feedback-card">
        <h2 className="feedback-label">图片（选填，最多 {FEEDBACK_MAX_PHOTOS} 张）</h2>
        <PhotoUploader
          purpose="feedback"
          value={photos}
          onChange={setPhotos}
          max={FEEDBACK_MAX_PHOTOS}
          onBusyChange={setUploading}
          disabled={submitting}
        />
      </section>

      <section className="feedback-card">
        <h2 className="feedback-label">
          <label htmlFor="feedback-phone">联系电话</label>（选填）
        </h2>
        <Input
          type="tel"
          inputMode="numeric"
          placeholder="方便客服与您联系"
          value={draft.contactPhone}
          onChange={(contactPhone) => update({ contactPhone: contactPhone.replace(/\D/g, '') })}
          onBlur={() => touch('contactPhone')}
          maxLength={11}
          id="feedback-phone"
        />
        {visible.contactPhone && <p className="feedback-error">{visible.contactPhone}</p>}
      </section>

      <div className="feedback-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={submitting}
          disabled={submitting || uploading}
          onClick={() => void submit()}
        >
          {uploading ? '图片上传中…' : '提交'}
        </Button>
        <Button block fill="none" onClick={() => navigate(feedbackListHref())}>
          我的反馈
        </Button>
      </div>
    </div>
  )
}
