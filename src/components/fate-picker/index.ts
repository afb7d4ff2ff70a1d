export { FatePicker } from './FatePicker.tsx';
export type { FatePickerProps } from './FatePicker.tsx';
