// Feedback (意见反馈): the form, its success screen and my feedback. Paths as the specification names the screens.

export const feedbackPaths = {
  form: '/feedBack',
  success: '/feedBack/tipsucess',
  list: '/feedsback',
} as const

export const feedbackHref = () => feedbackPaths.form
export const feedbackSuccessHref = () => feedbackPaths.success
/** 我的反馈; `id` scrolls to and opens one (a message's 查看详情). */
export const feedbackListHref = (id?: string) =>
  id ? `${feedbackPaths.list}#feedback-${encodeURIComponent(id)}` : feedbackPaths.list
