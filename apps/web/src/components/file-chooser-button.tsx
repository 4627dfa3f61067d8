import type { ReactNode, Ref } from 'react';
import classes from './file-picker.module.css';

interface FileChooserButtonProps {
  inputRef: Ref<HTMLInputElement>;
  /** The input's id, named by the field's label. */
  id: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  describedBy: string;
  invalid?: boolean;
  onChange: (input: HTMLInputElement) => void;
  icon: ReactNode;
  children: ReactNode;
}

/**
 * A native file input, visually hidden but focusable and labelled (its own
 * button would speak the browser's language), and a button-like span in the
 * app's style that opens it for the mouse; the input's focus ring shows on it.
 */
export function FileChooserButton({
  inputRef,
  id,
  accept,
  multiple,
  disabled,
  describedBy,
  invalid,
  onChange,
  icon,
  children,
}: FileChooserButtonProps) {
  return (
    <div style={{ position: 'relative' }}>
      <input
        ref={inputRef}
        id={id}
        type="file"
        multiple={multiple}
        className={classes.input}
        accept={accept}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onChange(event.currentTarget)}
      />
      {/* For the mouse; keyboard and screen reader users reach the input itself (its focus ring shows here). */}
      <span
        aria-hidden
        onClick={(event) => {
          const input = event.currentTarget.previousElementSibling;
          if (!disabled && input instanceof HTMLInputElement) input.click();
        }}
        className={`mantine-focus-never ${classes.button}`}
      >
        {icon}
        {children}
      </span>
    </div>
  );
}
