import { useEffect, useRef } from 'react'
import { useMe } from '../member/api'
import { useOrders } from '../orders/api'
import { editHolder, editInsured, purchaseDraft } from './draft'

/**
 * What the buyer has told us before need not be typed again: an empty holder is filled from the last order
 * (name, certificate, validity, birth date, gender) or, failing that, the real-name record's name; an empty
 * insured phone gets the login phone. Runs once per visit of the form, once the draft is open (`ready`), and
 * never overwrites a typed value.
 */
export function usePrefill(ready: boolean): void {
  const me = useMe().data
  const orders = useOrders([])
  const done = useRef(false)
  useEffect(() => {
    if (done.current || !ready || me === undefined || (!orders.data && !orders.error)) return
    done.current = true
    const { holder, insured } = purchaseDraft
    if (!holder.name && !holder.certNo) {
      const last = orders.data?.items[0]?.holder
      if (last) {
        const { name, certType, certNo, certTime, certStartDate, certEndDate, gender, birthday } = last
        editHolder({ name, certType, certNo, certTime, certStartDate, certEndDate, gender, birthday })
      } else if (me?.realName) editHolder({ name: me.realName.name })
    }
    if (!insured.phone && me?.phone) editInsured({ phone: me.phone })
  }, [ready, me, orders.data, orders.error])
}
