import { ActionIcon, Alert, Group, List, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { evaluateCondition, type AnswerMark, type AnswerValue, type Answers, type Question } from '@notadoo/domain';
import { IconInfoCircle, IconPaperclip, IconRotate } from '@tabler/icons-react';
import { useId } from 'react';
import { FieldInput } from './field-input';

export const RESET_QUESTION_LABEL = 'Réinitialiser cette question';

export interface QuestionBlockProps {
  question: Question;
  answers: Answers;
  /** The fields of this question the engine shows for these answers. */
  visibleFields: ReadonlySet<string>;
  /** Ids of the supporting documents the engine asks for with these answers. */
  requiredDocuments: ReadonlySet<string>;
  readOnly: boolean;
  /** The office's marks by field name. */
  marks?: ReadonlyMap<string, AnswerMark>;
  onFieldChange: (name: string, value: AnswerValue | undefined, options: { immediate: boolean }) => void;
  onReset: (questionId: string) => void;
}

/** One question: its wording, hint, supporting documents to attach, notes and visible inputs, with its reset icon. */
export function QuestionBlock({
  question,
  answers,
  visibleFields,
  requiredDocuments,
  readOnly,
  marks,
  onFieldChange,
  onReset,
}: QuestionBlockProps) {
  const titleId = useId();
  const hintId = useId();
  const documents = (question.documents ?? []).filter((document) => requiredDocuments.has(document.id));
  const notes = (question.notes ?? []).filter((note) => evaluateCondition(note.visibleWhen, answers));
  const fields = question.fields.filter((field) => visibleFields.has(field.name));
  const answered = question.fields.some((field) => Object.hasOwn(answers, field.name));

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      role="group"
      aria-labelledby={titleId}
      aria-describedby={question.hint ? hintId : undefined}
      data-question={question.id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text id={titleId} fw={600}>
            {question.label}
            {question.optional && (
              <Text span size="sm" fw={400} c="dimmed">
                {' (facultatif)'}
              </Text>
            )}
          </Text>
          {!readOnly && (
            <Tooltip label={RESET_QUESTION_LABEL} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={RESET_QUESTION_LABEL}
                onClick={() => onReset(question.id)}
                disabled={!answered}
              >
                <IconRotate size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {question.hint && (
          <Text id={hintId} size="sm" c="dimmed">
            {question.hint}
          </Text>
        )}
        {fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            value={answers[field.name]}
            disabled={readOnly}
            questionTitleId={titleId}
            mark={marks?.get(field.name)}
            onChange={(value, options) => onFieldChange(field.name, value, options)}
          />
        ))}
        {documents.length > 0 && (
          <Alert
            role="note"
            variant="light"
            color="gray"
            icon={<IconPaperclip size={18} aria-hidden />}
            title="Pièces à joindre au dossier"
            p="sm"
          >
            <List size="sm" spacing={2}>
              {documents.map((document) => (
                <List.Item key={document.id}>{document.label}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {notes.map((note) => (
          <Alert key={note.text} role="note" variant="light" color="indigo" icon={<IconInfoCircle size={18} aria-hidden />} p="sm">
            {note.text}
          </Alert>
        ))}
      </Stack>
    </Paper>
  );
}
