import { Badge, NavLink, Stack } from '@mantine/core';
import type { Step } from '@notadoo/domain';

interface StepListProps {
  steps: readonly Step[];
  current: number;
  onSelect: (position: number) => void;
}

/** The steps on the left; clicking one jumps to it (spec 001, section 2). */
export function StepList({ steps, current, onSelect }: StepListProps) {
  return (
    <Stack component="nav" aria-label="Étapes du questionnaire" gap={2}>
      {steps.map((step, position) => (
        <NavLink
          key={step.index}
          component="button"
          type="button"
          label={step.title}
          active={position === current}
          aria-current={position === current ? 'step' : undefined}
          leftSection={
            // Not `circle`: its fixed width cuts two-digit numbers (the house has 19 steps).
            <Badge size="sm" radius="xl" miw={26} px={5} variant={position === current ? 'filled' : 'light'} aria-hidden>
              {position + 1}
            </Badge>
          }
          onClick={() => onSelect(position)}
        />
      ))}
    </Stack>
  );
}
