import type { ChangeEvent } from 'react';
import { Group, NativeSelect, Radio, Stack, Textarea, TextInput, type TextInputProps } from '@mantine/core';
import { DATE_PLACEHOLDER, NO, TEXTAREA_ROWS, YES, type AnswerValue, type ChoiceOption, type Field, type TextFormat } from '@notadoo/domain';
import type { CSSProperties } from 'react';

export interface FieldInputProps {
  field: Field;
  value: AnswerValue | undefined;
  /** `immediate`: a click (choice, yes/no) is saved at once, typing after a pause. */
  onChange: (value: AnswerValue | undefined, options: { immediate: boolean }) => void;
  disabled: boolean;
  /** The question's wording, read out as the label of a field that has none of its own. */
  questionLabel: string;
}

const YES_NO_OPTIONS: readonly ChoiceOption[] = [
  { code: YES, label: 'Oui' },
  { code: NO, label: 'Non' },
];

/** Up to this many choices show as radio buttons (all visible at once); more as a list. */
const MAX_RADIO_OPTIONS = 6;

/** Keyboard and suffix for a text input's format; display only, nothing is refused (spec 001, section 5). */
const FORMAT_PROPS: Record<TextFormat, Partial<TextInputProps>> = {
  amount: { inputMode: 'decimal', rightSection: '€' },
  percent: { inputMode: 'decimal', rightSection: '%' },
  number: { inputMode: 'numeric' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'off' },
  phone: { type: 'tel', inputMode: 'tel' },
  postalCode: { inputMode: 'numeric' },
};

/** Read out, not shown: the question's wording above already says it. */
const HIDDEN_LABEL_STYLE: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** A field's own label, or the question's wording as a label only screen readers get. */
function labelOf(field: Field, questionLabel: string) {
  return field.label ? { label: field.label } : { label: questionLabel, labelProps: { style: HIDDEN_LABEL_STYLE } };
}

function ChoiceRadios({ field, value, onChange, disabled, questionLabel, options }: FieldInputProps & { options: readonly ChoiceOption[] }) {
  const inline = options.every((option) => option.label.length <= 20);
  const radios = options.map((option) => <Radio key={String(option.code)} value={String(option.code)} label={option.label} />);
  return (
    <Radio.Group
      {...labelOf(field, questionLabel)}
      value={value === undefined ? '' : String(value)}
      onChange={(next) => onChange(options.find((option) => String(option.code) === next)?.code, { immediate: true })}
      disabled={disabled}
      name={field.name}
    >
      {inline ? (
        <Group gap="lg" mt={field.label ? 4 : 0}>
          {radios}
        </Group>
      ) : (
        <Stack gap="xs" mt={field.label ? 4 : 0}>
          {radios}
        </Stack>
      )}
    </Radio.Group>
  );
}

/** One input, by the field's kind (spec 001, section 3). */
export function FieldInput(props: FieldInputProps) {
  const { field, value, onChange, disabled, questionLabel } = props;
  const kind = field.kind;
  const labelling = labelOf(field, questionLabel);
  const text = value === undefined ? '' : String(value);
  // What the three text-like inputs share; typing saves after the debounce, not at once.
  const textProps = {
    ...labelling,
    name: field.name,
    value: text,
    disabled,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.currentTarget.value, { immediate: false }),
  };

  switch (kind.type) {
    case 'yesNo':
      return <ChoiceRadios {...props} options={YES_NO_OPTIONS} />;
    case 'choice':
      if (kind.options.length <= MAX_RADIO_OPTIONS) return <ChoiceRadios {...props} options={kind.options} />;
      return (
        <NativeSelect
          {...labelling}
          name={field.name}
          value={text}
          disabled={disabled}
          data={[{ value: '', label: 'Choisir…' }, ...kind.options.map((option) => ({ value: String(option.code), label: option.label }))]}
          onChange={(event) =>
            onChange(
              kind.options.find((option) => String(option.code) === event.currentTarget.value)?.code,
              { immediate: true },
            )
          }
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...textProps}
          autosize
          minRows={TEXTAREA_ROWS.min}
          maxRows={TEXTAREA_ROWS.max}
          maxLength={kind.maxLength}
        />
      );
    case 'date':
      return (
        <TextInput
          {...textProps}
          placeholder={DATE_PLACEHOLDER}
          maxLength={kind.maxLength}
          autoComplete="off"
          maw={220}
        />
      );
    case 'text':
      return (
        <TextInput
          {...textProps}
          maxLength={kind.maxLength}
          // Short inputs look short: the size tells what answer is expected.
          maw={kind.maxLength <= 50 ? 320 : undefined}
          {...(kind.format ? FORMAT_PROPS[kind.format] : {})}
        />
      );
  }
}
