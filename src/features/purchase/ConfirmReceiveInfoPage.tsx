import { FlowRedirect } from './FlowRedirect'

/** /confirmReceiveInfo: the plan, the people and the postal address are confirmed on /infoFill (确认投保). */
export default function ConfirmReceiveInfoPage() {
  return <FlowRedirect to="infoFill" />
}
