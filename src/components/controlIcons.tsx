// Icons of controls: steppers, closing, a notice's speaker, a list's arrow (icons.tsx draws them).
import { Icon } from './icons'

export const ForwardIcon = () => (
  <Icon>
    <path d="M9 4.5l7.5 7.5L9 19.5" />
  </Icon>
)

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
)

export const AddIcon = () => (
  <Icon>
    <path d="M12 5v14M5 12h14" />
  </Icon>
)

export const MinusIcon = () => (
  <Icon>
    <path d="M5 12h14" />
  </Icon>
)

export const SpeakerIcon = () => (
  <Icon strokeWidth={1.8}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </Icon>
)
