import MuiButton, { type ButtonProps } from '@mui/material/Button';
import type { ElementType, ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export type ActionButtonProps = Omit<ButtonProps, 'children'> & {
  /** An i18n key (or the words themselves). */
  label: string;
  /** The icon, when not given as startIcon. */
  children?: ReactNode;
  /** A link: `component={Link} to="/settlement"`, or `component="a" href=… download`. */
  component?: ElementType;
  to?: string;
  download?: boolean | string;
};

/**
 * A staff action as a button that always says what it does, at every width. react-admin's Button turns into a
 * bare icon button below 600 px (showing its children, never its startIcon or its label), which left the
 * payment's actions and the refund dialog's Save and Cancel as empty 24 px squares on a phone: this one keeps
 * its icon and its words at every width.
 */
export function ActionButton({ label, children, startIcon, ...props }: ActionButtonProps) {
  const translate = useTranslate();
  return (
    <MuiButton size="small" startIcon={startIcon ?? children} {...(props as ButtonProps)}>
      {translate(label, { _: label })}
    </MuiButton>
  );
}
