import { FlowRedirect } from './FlowRedirect'

/** /insuredCheck: the health notification's result is said on /healthNotification itself. */
export default function InsuredCheckPage() {
  return <FlowRedirect to="healthNotification" />
}
