import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { Group, NativeSelect, Radio, Stack, Text, Textarea, TextInput, type TextInputProps } from '@mantine/core';
import {
  answerWarning,
  DATE_PLACEHOLDER,
  describeAnswerMark,
  NO,
  TEXTAREA_ROWS,
  YES,
  type AnswerMark,
  type AnswerValue,
  type ChoiceOption,
  type Field,
  type TextFormat,
} from '@notadoo/domain';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';

export interface FieldInputProps {
  field: Field;
  value: AnswerValue | undefined;
  /** `immediate`: a click (choice, yes/no) is saved at once, typing after a pause. */
  onChange: (value: AnswerValue | undefined, options: { immediate: boolean }) => void;
  disabled: boolean;
  /** Id of the question's title, which names a field that has no label of its own. */
  questionTitleId: string;
  /** The office changed this answer last (who, when): said under the field. */
  mark?: AnswerMark;
}

/** Under the field: the format warning and the office's mark, each on its line (Mantine links it to the input as its description). */
function fieldNotes({ warning, mark }: { warning?: string; mark?: AnswerMark }): ReactNode {
  if (!warning && !mark) return undefined;
  return (
    <>
      {warning && (
        <Text span size="sm" display="block" data-field-warning>
          <IconAlertTriangle
            size={14}
            aria-hidden
            color="var(--mantine-color-orange-7)"
            style={{ verticalAlign: '-2px', marginRight: 4 }}
          />
          {warning}
        </Text>
      )}
      {mark && (
        <Text span size="sm" display="block" c="dimmed" data-answer-mark>
          <IconPencil size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
          {describeAnswerMark(mark)}
        </Text>
      )}
    </>
  );
}

/** Notes go under the input, not between its label and it. */
const NOTES_BELOW = ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[];

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

/**
 * A field's own label, or else a reference to the question's title: the title
 * is read once, as the field's name, not repeated in a hidden label.
 */
function labelOf(field: Field, questionTitleId: string): { label?: string; 'aria-labelledby'?: string } {
  return field.label ? { label: field.label } : { 'aria-labelledby': questionTitleId };
}

function ChoiceRadios({
  field,
  value,
  onChange,
  disabled,
  questionTitleId,
  options,
  mark,
}: FieldInputProps & { options: readonly ChoiceOption[] }) {
  const notesId = useId();
  const inline = options.every((option) => option.label.length <= 20);
  const current = value === undefined ? '' : String(value);
  const choose = (next: string) => onChange(options.find((option) => String(option.code) === next)?.code, { immediate: true });
  const radios = (standalone: boolean) =>
    options.map((option) => (
      <Radio
        key={String(option.code)}
        value={String(option.code)}
        label={option.label}
        {...(standalone
          ? { name: field.name, checked: current === String(option.code), disabled, onChange: () => choose(String(option.code)) }
          : {})}
      />
    ));
  const layout = (standalone: boolean) =>
    inline ? (
      <Group gap="lg" mt={field.label ? 4 : 0}>
        {radios(standalone)}
      </Group>
    ) : (
      <Stack gap="xs" mt={field.label ? 4 : 0}>
        {radios(standalone)}
      </Stack>
    );
  // Without a label of its own, the radio group is named by the question's title (Mantine's group names itself only by its label).
  if (!field.label) {
    return (
      <div>
        <div role="radiogroup" aria-labelledby={questionTitleId} aria-describedby={mark ? notesId : undefined}>
          {layout(true)}
        </div>
        {mark && (
          <Text span id={notesId} display="block" mt={4}>
            {fieldNotes({ mark })}
          </Text>
        )}
      </div>
    );
  }
  return (
    <Radio.Group
      label={field.label}
      value={current}
      onChange={choose}
      disabled={disabled}
      name={field.name}
      description={fieldNotes({ mark })}
      inputWrapperOrder={NOTES_BELOW}
    >
      {layout(false)}
    </Radio.Group>
  );
}

/** One input, by the field's kind (spec 001, section 3). */
export function FieldInput(props: FieldInputProps) {
  const { field, value, onChange, disabled, questionTitleId, mark } = props;
  const kind = field.kind;
  const labelling = labelOf(field, questionTitleId);
  const text = value === undefined ? '' : String(value);
  // The format warning waits for the person to leave the field: "15/0" is no date yet, only a date being typed.
  const [typing, setTyping] = useState(false);
  const warning = typing ? undefined : answerWarning(kind, value);
  // What the three text-like inputs share; typing saves after the debounce, not at once.
  const textProps = {
    ...labelling,
    name: field.name,
    value: text,
    disabled,
    description: fieldNotes({ warning, mark }),
    inputWrapperOrder: NOTES_BELOW,
    onFocus: () => setTyping(true),
    onBlur: () => setTyping(false),
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
          description={fieldNotes({ mark })}
          inputWrapperOrder={NOTES_BELOW}
          name={field.name}
          value={text}
          disabled={disabled}
          data={[{ value: '', label: 'Choisir…' }, ...kind.options.map((option) => ({ value: String(option.code), label: option.label }))]}
          onChange={(event) =>
            onChange(kind.options.find((option) => String(option.code) === event.currentTarget.value)?.code, { immediate: true })
          }
        />
      );
    case 'textarea':
      return <Textarea {...textProps} autosize minRows={TEXTAREA_ROWS.min} maxRows={TEXTAREA_ROWS.max} maxLength={kind.maxLength} />;
    case 'date':
      return <TextInput {...textProps} placeholder={DATE_PLACEHOLDER} maxLength={kind.maxLength} autoComplete="off" maw={220} />;
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
