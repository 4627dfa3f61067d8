import { Avatar, Group, VisuallyHidden } from '@mantine/core';
import type { Participant } from '@notadoo/domain';
import { avatarUrl } from '../../../components/layout/user-menu';

const SHOWN = 4;

function nameOf(participant: Participant): string {
  return `${participant.first_name} ${participant.last_name}`.trim() || participant.email || 'Participant';
}

/** Up to four avatars (photo, else initials) and a "+N"; screen readers hear the names instead. */
export function ParticipantAvatars({ participants }: { participants: readonly Participant[] }) {
  if (participants.length === 0) return null;
  const names = participants.map(nameOf);
  const hidden = participants.length - SHOWN;
  return (
    <Group gap={0}>
      <VisuallyHidden>Participants : {names.join(', ')}</VisuallyHidden>
      {/* Side by side, not overlapping: overlapped initials were cut ("CI MA"). */}
      <Group gap={4} wrap="nowrap" aria-hidden>
        {participants.slice(0, SHOWN).map((participant, index) => (
          <Avatar
            key={participant.id}
            src={avatarUrl(participant.avatar)}
            name={names[index]}
            color="initials"
            size={32}
            alt=""
            title={names[index]}
          />
        ))}
        {hidden > 0 && <Avatar size={32}>+{hidden}</Avatar>}
      </Group>
    </Group>
  );
}
