import { Group, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import classes from './choice-list.module.css';
import type { Choice } from '../lib/wizard-content';

interface ChoiceListProps<T extends string> {
  question: string;
  choices: Choice<T>[];
  /** The choice made earlier, when the user came back to this step. */
  selected?: T | null;
  onChoose: (value: T) => void;
}

/** A step of the wizard: one large button per answer; choosing moves on. */
export function ChoiceList<T extends string>({ question, choices, selected, onChoose }: ChoiceListProps<T>) {
  const questionId = useId();
  return (
    <div role="group" aria-labelledby={questionId}>
      <Text id={questionId} size="lg" fw={500} mb="md">
        {question}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: choices.length > 2 ? 3 : 2 }}>
        {choices.map((choice) => (
          <ChoiceButton key={choice.value} choice={choice} selected={choice.value === selected} onChoose={onChoose} />
        ))}
      </SimpleGrid>
    </div>
  );
}

function ChoiceButton<T extends string>({
  choice,
  selected,
  onChoose,
}: {
  choice: Choice<T>;
  selected: boolean;
  onChoose: (value: T) => void;
}) {
  const descriptionId = useId();
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      h="100%"
      className={classes.card}
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <UnstyledButton
            className={classes.button}
            onClick={() => onChoose(choice.value)}
            aria-describedby={descriptionId}
            aria-pressed={selected}
          >
            <Text component="span" fw={600} size="lg">
              {choice.label}
            </Text>
          </UnstyledButton>
          <Text id={descriptionId} size="sm" c="dimmed" mt={4}>
            {choice.description}
          </Text>
        </div>
        <IconChevronRight size={20} aria-hidden />
      </Group>
    </Paper>
  );
}
