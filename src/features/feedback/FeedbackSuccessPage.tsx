import { Button } from 'antd-mobile'
import { Result } from '../../components/Result'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { userHref } from '../member/paths'
import { feedbackListHref } from './paths'
import './feedback.css'

/** /feedBack/tipsucess: the feedback was filed. */
export default function FeedbackSuccessPage() {
  const navigate = useAppNavigate()
  return (
    <div className="feedback-page" data-testid="feedback-success">
      <Result
        status="success"
        title="提交成功"
        description="感谢您的反馈！我们会尽快处理，回复将通过消息中心通知您。"
      />
      <div className="feedback-actions">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate(feedbackListHref(), { replace: true })}
        >
          查看我的反馈
        </Button>
        <Button block onClick={() => navigate(userHref(), { replace: true })}>
          返回我的
        </Button>
      </div>
    </div>
  )
}
