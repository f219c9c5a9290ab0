// antd-mobile's bottom sheets: the wheel pickers and the popup, with the animation and gesture libraries they
// share (about 35 KiB gzip): one chunk, loaded the first time a screen opens one (LazySheets.tsx), never with it.
export { DatePicker, Picker, Popup } from 'antd-mobile'
