import { useEffect, useState } from 'react'
import { Button, Input } from 'antd-mobile'
import { useSnapshot } from 'valtio'
import { DateField } from '../../components/DateField'
import { BottomBar } from '../../components/flow/BottomBar'
import { Field } from '../../components/flow/PersonFields'
import { LabeledRow } from '../../components/LabeledRow'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { addDays, shanghaiDate } from '../../domain/age'
import { FLIGHT_DAYS_AHEAD, normalizeFlightNo, validateFlight } from '../../domain/flight'
import { formatFen } from '../../domain/money'
import { usePartnerFlowState } from './flowState'
import { airAccidentInfoFillHref } from './paths'
import { airProductLoader, useAirProduct } from './airProduct'
import { PartnerDownNotice } from './PartnerDownNotice'
import { ClauseList } from './ClauseList'
import { useTrailScreen } from '../trail/api'
import { trackFunnel } from '../../lib/analytics'
import '../../components/flow/flow.css'
import './partners.css'

export const loader = airProductLoader

/** /activity/airAccident: the flight cover's detail with the flight number and date it covers. */
export default function AirAccidentPage() {
  const navigate = useAppNavigate()
  const binding = usePartnerFlowState('airAccident')
  const { flight } = useSnapshot(binding.extras)
  const product = useAirProduct()
  useTrailScreen({ productId: product.data?.id ?? null, title: '航空意外险' })
  useEffect(() => trackFunnel('product', product.data?.id), [product.data?.id])
  const [today] = useState(() => shanghaiDate(Date.now()))
  const [tried, setTried] = useState(false)
  const errors = tried ? validateFlight(flight, today) : {}

  if (!product.data) return product.view
  const p = product.data

  function next() {
    setTried(true)
    if (Object.keys(validateFlight(flight, today)).length) return
    binding.setExtras({ flight: { ...flight, flightNo: normalizeFlightNo(flight.flightNo) } })
    navigate(airAccidentInfoFillHref())
  }

  return (
    <div className="purchase-page">
      <section className="partner-hero">
        <h1>{p.name}</h1>
        <p>一次航班，全程保障 · 由{p.insurerName}承保</p>
      </section>
      <PartnerDownNotice product={p} />
      <section className="purchase-card">
        <h2>填写航班</h2>
        <Field label="航班号" error={errors['flight.flightNo']} htmlFor="flight-flightNo">
          <Input
            id="flight-flightNo"
            placeholder="如 MU5101"
            value={flight.flightNo}
            maxLength={7}
            autoComplete="off"
            onChange={(v) => binding.setExtras({ flight: { ...flight, flightNo: v.toUpperCase() } })}
          />
        </Field>
        <Field label="航班日期" error={errors['flight.date']} htmlFor="flight-date">
          <DateField
            id="flight-date"
            title="航班日期"
            value={flight.date}
            min={today}
            max={addDays(today, FLIGHT_DAYS_AHEAD)}
            onChange={(date) => binding.setExtras({ flight: { ...flight, date } })}
          />
        </Field>
        <p className="purchase-muted">可投保今天起{FLIGHT_DAYS_AHEAD}天内的航班</p>
      </section>
      <section className="purchase-card">
        <h2>产品信息</h2>
        <LabeledRow label="保险公司">{p.insurerName}</LabeledRow>
        <LabeledRow label="保障期间">所填航班全程</LabeledRow>
        <LabeledRow label="保费">¥{formatFen(p.priceFen)}</LabeledRow>
        <ClauseList productId={p.id} clauses={p.clauses} />
      </section>
      <BottomBar>
        <span>
          保费 <span className="purchase-price">¥{formatFen(p.priceFen)}</span>
        </span>
        <Button color="primary" onClick={next}>
          立即投保
        </Button>
      </BottomBar>
    </div>
  )
}
