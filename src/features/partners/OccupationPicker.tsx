import { Suspense, useState } from 'react'
import { ChunkRetryNotice } from '../../components/ChunkRetryNotice'
import { Sheet } from '../../components/sheets/LazySheets'
import { LoadingView } from '../../components/StatusViews'
import { findOccupation, occupationClassName, type Occupation } from '../../domain/occupation'
import { lazyWithRetry } from '../../lib/lazyWithRetry'

const OccupationList = lazyWithRetry(() => import('./OccupationList'), ChunkRetryNotice)

/**
 * 职业: a field that opens a searchable list of the occupation classification, grouped by category with the
 * class shown (OccupationList). The product's refused classes are listed but disabled (该职业暂不可投保).
 */
export function OccupationPicker({
  id,
  value,
  refusedClasses,
  onChange,
}: {
  id: string
  value: string
  refusedClasses: readonly number[]
  onChange: (occupation: Occupation) => void
}) {
  const [open, setOpen] = useState(false)
  const chosen = value ? findOccupation(value) : undefined
  return (
    <>
      <button
        type="button"
        id={id}
        className="occupation-trigger"
        data-empty={!chosen}
        onClick={() => setOpen(true)}
      >
        {chosen ? `${chosen.name}（${occupationClassName(chosen.class)}）` : '请选择职业'}
      </button>
      <Sheet
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
        destroyOnClose
      >
        <div className="occupation-picker" role="dialog" aria-label="选择职业">
          <Suspense fallback={<LoadingView lines={6} />}>
            <OccupationList
              refusedClasses={refusedClasses}
              onChoose={(occupation) => {
                onChange(occupation)
                setOpen(false)
              }}
            />
          </Suspense>
        </div>
      </Sheet>
    </>
  )
}
