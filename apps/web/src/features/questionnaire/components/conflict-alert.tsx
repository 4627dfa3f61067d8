import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { describeAnswer, type Answers, type Field, type QuestionnaireDefinition } from '@notadoo/domain';
import { IconGitMerge } from '@tabler/icons-react';
import { useMemo } from 'react';
import { differingFields } from '../lib/answers';
import type { SaveConflict } from '../lib/autosave-controller';

interface ConflictAlertProps {
  definition: QuestionnaireDefinition;
  conflict: SaveConflict;
  /** The answers on screen, not saved. */
  mine: Answers;
  onTakeServer: () => void;
  onReapplyMine: () => void;
}

/** Each field with the wording a reader needs to recognise it. */
function useFieldLabels(definition: QuestionnaireDefinition) {
  return useMemo(() => {
    const labels = new Map<string, { field: Field; label: string }>();
    for (const step of definition.steps) {
      for (const section of step.sections) {
        for (const question of section.questions) {
          for (const field of question.fields) {
            labels.set(field.name, { field, label: field.label ? `${question.label} — ${field.label}` : question.label });
          }
        }
      }
    }
    return labels;
  }, [definition]);
}

const EMPTY = '(sans réponse)';

/**
 * 409: someone saved this questionnaire first. Neither version is dropped
 * silently: the user sees what differs and chooses.
 */
export function ConflictAlert({ definition, conflict, mine, onTakeServer, onReapplyMine }: ConflictAlertProps) {
  const labels = useFieldLabels(definition);
  const differences = differingFields(mine, conflict.server.answers).flatMap((name) => {
    const entry = labels.get(name);
    return entry ? [{ name, ...entry }] : [];
  });

  return (
    <Alert
      role="alert"
      color="orange"
      variant="light"
      icon={<IconGitMerge size={20} aria-hidden />}
      title="Ce questionnaire a été modifié entre-temps"
    >
      <Stack gap="sm">
        <Text size="sm">{conflict.message}</Text>
        <Text size="sm">
          La version enregistrée est la version n° {conflict.server.version}. Vos réponses saisies depuis sont conservées à l'écran tant que
          vous n'avez pas choisi. En appliquant vos modifications, les réponses que vous avez changées remplacent celles de la version
          enregistrée et les autres réponses de cette version sont gardées.
        </Text>
        {differences.length > 0 && (
          <Table withTableBorder fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Question</Table.Th>
                <Table.Th>Vos réponses</Table.Th>
                <Table.Th>Version enregistrée</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {differences.map(({ name, field, label }) => (
                <Table.Tr key={name}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td>{describeAnswer(field.kind, mine[name]) || EMPTY}</Table.Td>
                  <Table.Td>{describeAnswer(field.kind, conflict.server.answers[name]) || EMPTY}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group gap="sm">
          <Button onClick={onReapplyMine}>Appliquer mes modifications et enregistrer</Button>
          <Button variant="default" onClick={onTakeServer}>
            Reprendre la version enregistrée
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
