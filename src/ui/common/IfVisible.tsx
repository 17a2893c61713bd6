import type { ReactNode } from 'react'
import { useControlVisible, type ControlKey } from '../../state/link/classroom'

/** Renders its children unless classroom mode hides `control` (then nothing is rendered at all). */
export function IfVisible({ control, children }: { control: ControlKey; children: ReactNode }) {
  return useControlVisible(control) ? children : null
}
