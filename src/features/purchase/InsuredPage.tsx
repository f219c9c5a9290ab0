import { FlowRedirect } from './FlowRedirect'

/** /insured: whom the policy covers is chosen on /infoFill, beside the forms. */
export default function InsuredPage() {
  return <FlowRedirect to="infoFill" />
}
