import { useEffect, useRef } from 'react'
import { useMe } from '../member/api'
import { useOrders } from '../orders/api'
import { huataiStore } from '../../state/huatai'

/**
 * What the buyer has told us before need not be typed again: an empty policyholder is filled from the last
 * order (name, certificate, validity, birth date, gender) or, failing that, the real-name record's name; an
 * empty insured phone gets the login phone. Runs once per visit of the form and never overwrites a typed value.
 */
export function usePrefill(): void {
  const me = useMe().data
  const orders = useOrders([])
  const done = useRef(false)
  useEffect(() => {
    if (done.current || me === undefined || (!orders.data && !orders.error)) return
    done.current = true
    const { holder, insurer } = huataiStore.state
    if (!holder.name && !holder.certNo) {
      const last = orders.data?.items[0]?.holder
      if (last) {
        const { name, certType, certNo, certTime, certStartDate, certEndDate, gender, birthday } = last
        huataiStore.update({
          holder: { name, certType, certNo, certTime, certStartDate, certEndDate, gender, birthday },
        })
      } else if (me?.realName) huataiStore.update({ holder: { name: me.realName.name } })
    }
    if (!insurer.phone && me?.phone) huataiStore.update({ insurer: { phone: me.phone } })
  }, [me, orders.data, orders.error])
}
