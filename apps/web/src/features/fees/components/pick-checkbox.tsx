import Checkbox, { type CheckboxProps } from 'antd-mobile/es/components/checkbox';
import styles from './pick-checkbox.module.css';

/** antd-mobile's Checkbox, with its native input kept in the keyboard order and the accessibility tree. */
export function PickCheckbox({ className, ...props }: CheckboxProps) {
  return <Checkbox {...props} className={className ? `${styles.pick} ${className}` : styles.pick} />;
}
