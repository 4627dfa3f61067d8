import { Badge, type MantineColor } from '@mantine/core';
import { statusLabel } from '@notadoo/domain';

/** One colour per step of the workflow, so a list of files reads at a glance (spec section 4). */
const STATUS_COLOURS: Record<number, MantineColor> = {
  1: 'gray',
  2: 'yellow',
  3: 'indigo',
  4: 'cyan',
  5: 'teal',
  6: 'green',
  7: 'red',
};

/** The French label of a project status ("Status non défini" for an unknown code). */
export function ProjectStatusBadge({ status }: { status: number }) {
  return (
    <Badge color={STATUS_COLOURS[status] ?? 'gray'} variant="light" tt="none">
      {statusLabel(status)}
    </Badge>
  );
}
