// The wheel date picker on its own, for LazyDatePicker.
export { DatePicker as default } from 'antd-mobile'
