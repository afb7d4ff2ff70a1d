export { FatePicker } from './FatePicker.tsx';
